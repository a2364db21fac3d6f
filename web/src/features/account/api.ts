import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  dataExportStatusSchema,
  noContentSchema,
  type ChangePasswordRequest,
  type DataExportStatus,
  type DeleteAccountRequest,
} from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordRequest) => apiSend('POST', apiPaths.accountPassword, input, noContentSchema) });
}

/** Step one of deleting: the server says whether the password is right; nothing is deleted. */
export function useCheckDeletionPassword() {
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => apiSend('POST', apiPaths.accountDeletionCheck, input, noContentSchema),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeleteAccountRequest) => apiSend('DELETE', apiPaths.account, input, noContentSchema) });
}

/** How often the page asks while an export is being made. */
export const EXPORT_POLL_MS = 1000;

const making = (status: DataExportStatus | undefined) => status?.export?.status === 'queued' || status?.export?.status === 'running';

/** The newest data export, polled while it is made (docs/decisions/0250). */
export function useDataExport() {
  return useQuery({
    queryKey: queryKeys.dataExport,
    queryFn: () => apiGet(apiPaths.accountExport, dataExportStatusSchema),
    refetchInterval: (query) => (making(query.state.data) ? EXPORT_POLL_MS : false),
    retry: false,
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => apiSend('POST', apiPaths.accountExport, { language }, dataExportStatusSchema),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.dataExport, status),
  });
}
