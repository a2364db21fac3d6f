import { useMutation } from '@tanstack/react-query';
import { apiPaths, noContentSchema, type ChangePasswordRequest, type DeleteAccountRequest } from '@lightpix/shared';
import { apiSend } from '#lib/api';

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
