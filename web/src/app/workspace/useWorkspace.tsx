import { useCurrentPlan, usePlans, useSession } from '../../features/session/api';
import { StatusBar } from '../../features/session/StatusBar';
import { LoadFailedAlert } from './LoadFailedAlert';

/**
 * What every page with an image workspace reads (the session, the plan table, the session's plan),
 * and its status block: the plan's status bar, then a retry when either could not be loaded.
 */
export function useWorkspace({ signedIn, about }: { signedIn: boolean; about?: 'images' | 'decks' }) {
  const session = useSession();
  const plans = usePlans();
  const plan = useCurrentPlan(session.data);
  const status = (
    <>
      <StatusBar
        session={session.data}
        plan={plan}
        loading={session.isPending}
        failed={session.isError}
        signedIn={signedIn}
        about={about}
      />
      {(session.isError || plans.isError) && <LoadFailedAlert queries={[session, plans]} />}
    </>
  );
  return { session, plans, plan, status };
}
