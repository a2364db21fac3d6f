import type { LandingLanguage } from '@lightpix/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '#components/router';
import { rememberLanguage, switchLanguage } from '#lib/i18n';
import { LandingContactSection } from '../../../features/contact/LandingContactSection';
import { StatsSection } from '../../../features/stats/StatsSection';
import { CallToAction } from './CallToAction';
import { FaqSection } from './FaqSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { LandingAd } from './LandingAd';
import { PricingSection } from './PricingSection';
import { scrollToSection } from './scrollToSection';
import { StepsSection } from './StepsSection';
import { UploadSection } from './UploadSection';

/** Landing page, one per language (/, /it, /de, /es, /pl); the address decides the language. */
export function LandingPage({ language }: { language: LandingLanguage }) {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();

  // The address is the visitor's choice: the next pages (sign-in, the app) and reloads keep it.
  useEffect(() => {
    rememberLanguage(language);
    if (i18n.language !== language) void switchLanguage(language);
  }, [i18n, language]);

  // Header links like /#pricing arrive from other pages: scroll once the section exists.
  useEffect(() => {
    if (hash) scrollToSection(null, hash.slice(1));
  }, [hash]);

  return (
    <div className="space-y-16 sm:space-y-24" lang={language}>
      <title>{t('landing.meta.title')}</title>
      <HeroSection />
      <UploadSection />
      <LandingAd position={1} />
      <FeaturesSection />
      <StatsSection />
      <StepsSection />
      <PricingSection />
      <FaqSection />
      <LandingContactSection />
      <LandingAd position={2} />
      <CallToAction />
    </div>
  );
}
