import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysResponseSchema, apiPath, apiPaths, apiServersSchema, createdApiKeySchema, noContentSchema } from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';

const keysKey = ['api-keys'] as const;

/** The site's public origin as the server names it (PUBLIC_URL, or the forwarded origin behind a proxy). */
export function useApiOrigin() {
  return useQuery({
    queryKey: ['api-origin'],
    queryFn: async () => new URL((await apiGet(apiPaths.developerOpenApi, apiServersSchema)).servers[0]!.url).origin,
    staleTime: Infinity,
  });
}

/** The signed-in user's API keys with their use this month; asked only when signed in. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: keysKey, queryFn: () => apiGet(apiPaths.keys, apiKeysResponseSchema), enabled });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend('POST', apiPaths.keys, { name }, createdApiKeySchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', apiPath(apiPaths.key, { id }), {}, noContentSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}
