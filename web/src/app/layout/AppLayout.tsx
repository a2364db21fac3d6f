import { Outlet } from 'react-router';
import { Footer } from '#components/layout/Footer';
import { Header } from '#components/layout/Header';
import { ConsentBanner } from '../../features/consent/ConsentBanner';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <Outlet />
      </main>
      <Footer />
      <ConsentBanner />
    </div>
  );
}
