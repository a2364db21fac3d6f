import type { Operator, Plan, PlansResponse, Retention, Tier } from '@lightpix/shared';
import { formatNames, priceText } from '#lib/planText';
import type { Language } from '#lib/languages';

/** What the legal texts quote from the server's plan table so no limit or price is written twice. */
export interface LegalFacts {
  plans: Record<Tier, Plan>;
  retentionHours: number;
  /** How long contact messages, audit rows and the processing log's personal parts are kept (docs/decisions/0198). */
  retention: Retention;
  /** Who runs the installation (OPERATOR_* settings; docs/decisions/0247). */
  operator: Operator;
}

export function legalFacts(response: PlansResponse): LegalFacts | null {
  const byTier = Object.fromEntries(response.plans.map((plan) => [plan.tier, plan])) as Partial<Record<Tier, Plan>>;
  const { guest, registered, premium } = byTier;
  if (!guest || !registered || !premium) return null;
  return {
    plans: { guest, registered, premium },
    retentionHours: response.retentionHours,
    retention: response.retention,
    operator: response.operator,
  };
}

/** A noun in each plural form a language's numbers pick (Intl.PluralRules), "other" as the last resort. */
type Noun = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface Words {
  locale: string;
  image: Noun;
  hour: Noun;
  day: Noun;
  rolling: string;
  monthly: string;
  unlimited: string;
}

const words: Record<Language, Words> = {
  it: {
    locale: 'it-IT',
    image: { one: 'immagine', other: 'immagini' },
    hour: { one: 'ora', other: 'ore' },
    day: { one: 'giorno', other: 'giorni' },
    rolling: 'ogni 24 ore',
    monthly: 'al mese di calendario',
    unlimited: 'immagini illimitate',
  },
  en: {
    locale: 'en-GB',
    image: { one: 'image', other: 'images' },
    hour: { one: 'hour', other: 'hours' },
    day: { one: 'day', other: 'days' },
    rolling: 'every 24 hours',
    monthly: 'per calendar month',
    unlimited: 'unlimited images',
  },
  es: {
    locale: 'es-ES',
    image: { one: 'imagen', other: 'imágenes' },
    hour: { one: 'hora', other: 'horas' },
    day: { one: 'día', other: 'días' },
    rolling: 'cada 24 horas',
    monthly: 'por mes natural',
    unlimited: 'imágenes ilimitadas',
  },
  de: {
    locale: 'de-DE',
    image: { one: 'Bild', other: 'Bilder' },
    hour: { one: 'Stunde', other: 'Stunden' },
    day: { one: 'Tag', other: 'Tage' },
    rolling: 'alle 24 Stunden',
    monthly: 'pro Kalendermonat',
    unlimited: 'unbegrenzt viele Bilder',
  },
  pl: {
    locale: 'pl-PL',
    image: { one: 'obraz', few: 'obrazy', many: 'obrazów', other: 'obrazu' },
    hour: { one: 'godzina', few: 'godziny', many: 'godzin', other: 'godziny' },
    day: { one: 'dzień', few: 'dni', many: 'dni', other: 'dnia' },
    rolling: 'co 24 godziny',
    monthly: 'w miesiącu kalendarzowym',
    unlimited: 'nieograniczona liczba obrazów',
  },
  fr: {
    locale: 'fr-FR',
    image: { one: 'image', other: 'images' },
    hour: { one: 'heure', other: 'heures' },
    day: { one: 'jour', other: 'jours' },
    rolling: 'toutes les 24 heures',
    monthly: 'par mois civil',
    unlimited: 'images illimitées',
  },
};

/** The figures of a legal text written in its own language: "3 immagini ogni 24 ore", "6 Stunden", "3,50 €". */
export interface LegalFormat {
  allowance(plan: Plan): string;
  hours(hours: number): string;
  days(days: number): string;
  price(cents: number): string;
  megabytes(bytes: number): string;
  formats(plan: Plan): string;
  date(isoDate: string): string;
}

export function legalFormat(language: Language): LegalFormat {
  const { locale, image, hour, day, rolling, monthly, unlimited } = words[language];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const plural = new Intl.PluralRules(locale);
  const counted = (count: number, noun: Noun) => `${number.format(count)} ${noun[plural.select(count)] ?? noun.other}`;
  return {
    allowance: (plan) =>
      plan.maxImages === null ? unlimited : `${counted(plan.maxImages, image)} ${plan.window === 'rolling-24h' ? rolling : monthly}`,
    hours: (hours) => counted(hours, hour),
    days: (days) => counted(days, day),
    price: (cents) => priceText(cents, locale),
    megabytes: (bytes) => `${number.format(bytes / (1024 * 1024))} MB`,
    formats: (plan) => formatNames(plan.outputFormats, locale),
    date: (isoDate) =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${isoDate}T00:00:00Z`),
      ),
  };
}
