import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, apiPath, type ContactRequest } from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { contactInfoShape, noContentShape } from '#lib/answerShapes';
import { later } from '#lib/laterChecks';
import { queryKeys } from '#lib/queryKeys';

/** POST /api/contact; the server stores the message even when e-mail is down. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactRequest) =>
      apiSend(
        'POST',
        apiPaths.contact,
        message,
        later((schemas) => schemas.contactReceiptSchema),
      ),
  });
}

/** The public support address, when the operator configured one. */
export function useContactInfo() {
  return useQuery({ queryKey: queryKeys.contactInfo, queryFn: () => apiGet(apiPaths.contactInfo, contactInfoShape) });
}

export type InboxStatus = 'open' | 'handled' | 'all';

/** Admins only: one page of the inbox, newest first (docs/decisions/0197). */
export function useAdminContactMessages({ status, page }: { status: InboxStatus; page: number }) {
  return useQuery({
    queryKey: [...queryKeys.adminContactMessages, status, page],
    queryFn: () =>
      apiGet(
        `${apiPaths.adminContactMessages}?status=${status}&page=${page}`,
        later((schemas) => schemas.adminContactMessagesResponseSchema),
      ),
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
        ? apiSend('DELETE', apiPath(apiPaths.adminContactMessage, { id: change.id }), {}, noContentShape)
        : apiSend(
            'PATCH',
            apiPath(apiPaths.adminContactMessage, { id: change.id }),
            { handled: change.handled },
            later((schemas) => schemas.adminContactMessageSchema),
          ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.adminContactMessages }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit }),
      ]),
  });
}
