import { useMutation } from '@tanstack/react-query';
import { noContentSchema, type ChangePasswordRequest, type DeleteAccountRequest } from '@lightpix/shared';
import { apiSend } from '#lib/api';

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordRequest) => apiSend('POST', '/api/account/password', input, noContentSchema) });
}

/** Step one of deleting: the server says whether the password is right; nothing is deleted. */
export function useCheckDeletionPassword() {
  return useMutation({ mutationFn: (input: DeleteAccountRequest) => apiSend('POST', '/api/account/deletion-check', input, noContentSchema) });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeleteAccountRequest) => apiSend('DELETE', '/api/account', input, noContentSchema) });
}
