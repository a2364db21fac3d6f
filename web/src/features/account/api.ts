import { useMutation } from '@tanstack/react-query';
import { noContentSchema, type ChangePasswordRequest, type DeleteAccountRequest } from '@lightpix/shared';
import { apiSend } from '#lib/api';

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordRequest) => apiSend('POST', '/api/account/password', input, noContentSchema) });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (input: DeleteAccountRequest) => apiSend('DELETE', '/api/account', input, noContentSchema) });
}
