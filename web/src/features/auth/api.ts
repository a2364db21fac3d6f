import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserSchema, type CurrentUser, type LoginRequest, type RegisterRequest } from '@lightpix/shared';
import { apiSend } from '#lib/api';
import { queryKeys } from '#lib/queryKeys';

interface AuthCallbacks {
  /** Runs before the user is stored, so a toast shows even though the form unmounts right after. */
  onSignedIn: (user: CurrentUser) => void;
  onError: (error: unknown) => void;
}

/** After a sign-in or sign-up the user is known at once; the session now reflects the account. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return async (user: CurrentUser) => {
    queryClient.removeQueries({ queryKey: queryKeys.history });
    queryClient.setQueryData(queryKeys.currentUser, user);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
  };
}

export function useLogin({ onSignedIn, onError }: AuthCallbacks) {
  const store = useStoreUser();
  return useMutation({
    mutationFn: (body: LoginRequest) => apiSend('POST', '/api/auth/login', body, currentUserSchema),
    onSuccess: async (user) => {
      onSignedIn(user);
      await store(user);
    },
    onError,
  });
}

export function useRegister({ onSignedIn, onError }: AuthCallbacks) {
  const store = useStoreUser();
  return useMutation({
    mutationFn: (body: RegisterRequest) => apiSend('POST', '/api/auth/register', body, currentUserSchema),
    onSuccess: async (user) => {
      onSignedIn(user);
      await store(user);
    },
    onError,
  });
}
