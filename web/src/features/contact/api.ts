import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  adminContactMessageSchema,
  adminContactMessagesResponseSchema,
  apiPath,
  noContentSchema,
  contactInfoSchema,
  contactReceiptSchema,
  type ContactRequest,
} from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

/** POST /api/contact; the server stores the message even when e-mail is down. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: (message: ContactRequest) => apiSend('POST', apiPaths.contact, message, contactReceiptSchema) });
}

/** The public support address, when the operator configured one. */
export function useContactInfo() {
  return useQuery({ queryKey: queryKeys.contactInfo, queryFn: () => apiGet(apiPaths.contactInfo, contactInfoSchema) });
}

export type InboxStatus = 'open' | 'handled' | 'all';

/** Admins only: one page of the inbox, newest first (docs/decisions/0197). */
export function useAdminContactMessages({ status, page }: { status: InboxStatus; page: number }) {
  return useQuery({
    queryKey: [...queryKeys.adminContactMessages, status, page],
    queryFn: () => apiGet(`${apiPaths.adminContactMessages}?status=${status}&page=${page}`, adminContactMessagesResponseSchema),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** Marks a message handled or open again, or deletes it; then the inbox and the audit are read again. */
export function useInboxChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; handled: boolean } | { id: string; remove: true }) =>
      'remove' in change
        ? apiSend('DELETE', apiPath(apiPaths.adminContactMessage, { id: change.id }), {}, noContentSchema)
        : apiSend(
            'PATCH',
            apiPath(apiPaths.adminContactMessage, { id: change.id }),
            { handled: change.handled },
            adminContactMessageSchema,
          ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminContactMessages }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit }),
      ]),
  });
}
