import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ChangePasswordRequest, type DataExportStatus, type DeleteAccountRequest } from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { dataExportStatusShape, noContentShape } from '#lib/answerShapes';
import { queryKeys } from '#lib/queryKeys';

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordRequest) => apiSend('POST', apiPaths.accountPassword, input, noContentShape) });
}

/** Step one of deleting: the server says whether the password is right; nothing is deleted. */
export function useCheckDeletionPassword() {
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => apiSend('POST', apiPaths.accountDeletionCheck, input, noContentShape),
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeleteAccountRequest) => apiSend('DELETE', apiPaths.account, input, noContentShape) });
}

/** How often the page asks while an export is being made. */
export const EXPORT_POLL_MS = 1000;

const making = (status: DataExportStatus | undefined) => status?.export?.status === 'queued' || status?.export?.status === 'running';

/** The newest data export, polled while it is made (docs/decisions/0250). */
export function useDataExport() {
  return useQuery({
    queryKey: queryKeys.dataExport,
    queryFn: () => apiGet(apiPaths.accountExport, dataExportStatusShape),
    refetchInterval: (query) => (making(query.state.data) ? EXPORT_POLL_MS : false),
    retry: false,
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: string) => apiSend('POST', apiPaths.accountExport, { language }, dataExportStatusShape),
    onSuccess: (status) => queryClient.setQueryData(queryKeys.dataExport, status),
  });
}
