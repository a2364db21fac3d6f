import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type CurrentUser,
  type LoginRequest,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type RegisterRequest,
} from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { currentUserShape } from '#lib/answerShapes';
import { later } from '#lib/laterChecks';
import { queryKeys } from '#lib/queryKeys';

interface AuthCallbacks {
  /** Runs before the user is stored, so a toast shows even though the form unmounts right after. */
  onSignedIn: (user: CurrentUser) => void;
  onError: (error: unknown) => void;
}

/**
 * Sign-in and sign-up answer with the user, so it is stored as is (no second request for it);
 * the session and history now belong to the account and are read again.
 */
function useAuthMutation<Body>(path: string, { onSignedIn, onError }: AuthCallbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiSend('POST', path, body, currentUserShape),
    onSuccess: async (user) => {
      onSignedIn(user);
      queryClient.removeQueries({ queryKey: queryKeys.history });
      queryClient.setQueryData(queryKeys.currentUser, user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
    onError,
  });
}

export const useLogin = (callbacks: AuthCallbacks) => useAuthMutation<LoginRequest>(apiPaths.login, callbacks);
export const useRegister = (callbacks: AuthCallbacks) => useAuthMutation<RegisterRequest>(apiPaths.register, callbacks);

/** Whether this installation can e-mail reset links (SMTP and a public address configured). */
export function usePasswordResetInfo() {
  return useQuery({
    queryKey: ['auth', 'password-reset'],
    queryFn: () =>
      apiGet(
        apiPaths.passwordReset,
        later((schemas) => schemas.passwordResetInfoSchema),
      ),
  });
}

/** Asks for a reset link; the answer is the same whether or not an account uses the address. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      apiSend(
        'POST',
        apiPaths.passwordReset,
        body,
        later((schemas) => schemas.passwordResetReceiptSchema),
      ),
  });
}

/** Sets the new password from a reset link and signs this browser in; every other session has ended. */
export const useConfirmPasswordReset = (callbacks: AuthCallbacks) =>
  useAuthMutation<PasswordResetConfirm>(apiPaths.passwordResetConfirm, callbacks);

/** Follows a mailed confirmation link (an e-mail address, or the admin role); the signed-in user, if any, is read again. */
export function useFollowConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiSend(
        'POST',
        apiPaths.confirmationFollow,
        { token },
        later((schemas) => schemas.confirmationOutcomeSchema),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/** Mails the signed-in user a new link to confirm their address, written in the page's language. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (language: string) =>
      apiSend(
        'POST',
        apiPaths.emailConfirmation,
        { language },
        later((schemas) => schemas.emailConfirmationReceiptSchema),
      ),
  });
}
