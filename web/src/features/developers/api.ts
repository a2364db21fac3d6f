import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysResponseSchema, createdApiKeySchema, noContentSchema } from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';

const keysKey = ['api-keys'] as const;

/** The signed-in user's API keys with their use this month; asked only when signed in. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: keysKey, queryFn: () => apiGet('/api/keys', apiKeysResponseSchema), enabled });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend('POST', '/api/keys', { name }, createdApiKeySchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/keys/${encodeURIComponent(id)}`, {}, noContentSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}
