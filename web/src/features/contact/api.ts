import { useMutation, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  adminContactMessagesResponseSchema,
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

/** Admins only: the newest stored messages. */
export function useAdminContactMessages() {
  return useQuery({
    queryKey: ['admin', 'contact-messages'],
    queryFn: () => apiGet(apiPaths.adminContactMessages, adminContactMessagesResponseSchema),
    refetchOnMount: 'always',
  });
}
