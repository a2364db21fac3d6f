import { useCurrentUser } from '#lib/currentUser';
import { AdSlot } from '../../../features/ads/AdSlot';
import { usePlans, useSession } from '../../../features/session/api';

/** An ad slot on the landing page, for the visitor's own tier (after consent; never for premium). */
export function LandingAd({ position }: { position: 1 | 2 }) {
  const plans = usePlans();
  const session = useSession();
  const user = useCurrentUser();
  return <AdSlot plans={plans.data} tier={session.data?.tier} signedIn={Boolean(user.data)} position={position} />;
}
