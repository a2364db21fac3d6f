import { CONFIRMATION_LINK_LIFETIME_HOURS, CONFIRM_EMAIL_PATH, type ConfirmationPurpose, type LandingLanguage } from '@lightpix/shared';
import type { Env } from '../../runtime/env.js';
import { accountMailSender, linkMailText } from '../contact/index.js';

/** One confirmation link as it is e-mailed to the account's own address. */
export interface ConfirmationMail {
  to: string;
  token: string;
  purpose: ConfirmationPurpose;
  language: string;
}

export interface ConfirmationMailer {
  send(mail: ConfirmationMail): Promise<void>;
  close(): void;
}

type Texts = Record<ConfirmationPurpose, { subject: string; why: string }> & { open: string; once: string; ignore: string };

/** One text per interface language; an unknown language gets English. */
const texts: Record<LandingLanguage, Texts> = {
  en: {
    email: {
      subject: 'Confirm your e-mail address for Lightpix',
      why: 'Confirm that {email} is yours to get the full allowance of your free Lightpix account.',
    },
    admin: {
      subject: 'Confirm your Lightpix admin role',
      why: 'This installation of Lightpix lists {email} as an administrator. Confirm that the address is yours to take the admin role.',
    },
    open: 'Open this link within {hours} hours:',
    once: 'The link works once.',
    ignore: 'If you did not expect this e-mail, ignore it: nothing changes.',
  },
  it: {
    email: {
      subject: 'Conferma il tuo indirizzo e-mail per Lightpix',
      why: 'Conferma che {email} è tuo per avere tutte le immagini del tuo account Lightpix gratuito.',
    },
    admin: {
      subject: 'Conferma il tuo ruolo di amministratore su Lightpix',
      why: "Questa installazione di Lightpix indica {email} come amministratore. Conferma che l'indirizzo è tuo per ottenere il ruolo.",
    },
    open: 'Apri questo link entro {hours} ore:',
    once: 'Il link funziona una sola volta.',
    ignore: 'Se non ti aspettavi questa e-mail, ignorala: non cambia nulla.',
  },
  es: {
    email: {
      subject: 'Confirma tu dirección de correo para Lightpix',
      why: 'Confirma que {email} es tuya para tener todas las imágenes de tu cuenta gratuita de Lightpix.',
    },
    admin: {
      subject: 'Confirma tu rol de administrador en Lightpix',
      why: 'Esta instalación de Lightpix indica {email} como administrador. Confirma que la dirección es tuya para obtener el rol.',
    },
    open: 'Abre este enlace en las próximas {hours} horas:',
    once: 'El enlace funciona una sola vez.',
    ignore: 'Si no esperabas este correo, ignóralo: no cambia nada.',
  },
  de: {
    email: {
      subject: 'Bestätige deine E-Mail-Adresse für Lightpix',
      why: 'Bestätige, dass {email} dir gehört, um das volle Kontingent deines kostenlosen Lightpix-Kontos zu erhalten.',
    },
    admin: {
      subject: 'Bestätige deine Administratorrolle bei Lightpix',
      why: 'Diese Lightpix-Installation nennt {email} als Administrator. Bestätige, dass die Adresse dir gehört, um die Rolle zu erhalten.',
    },
    open: 'Öffne diesen Link innerhalb von {hours} Stunden:',
    once: 'Der Link funktioniert einmal.',
    ignore: 'Wenn du diese E-Mail nicht erwartet hast, ignoriere sie: Es ändert sich nichts.',
  },
  pl: {
    email: {
      subject: 'Potwierdź adres e-mail w Lightpix',
      why: 'Potwierdź, że {email} należy do Ciebie, aby otrzymać pełny limit darmowego konta Lightpix.',
    },
    admin: {
      subject: 'Potwierdź rolę administratora w Lightpix',
      why: 'Ta instalacja Lightpix wskazuje {email} jako administratora. Potwierdź, że adres należy do Ciebie, aby otrzymać tę rolę.',
    },
    open: 'Otwórz ten link w ciągu {hours} godzin:',
    once: 'Link działa jeden raz.',
    ignore: 'Jeśli ta wiadomość nie była oczekiwana, zignoruj ją: nic się nie zmieni.',
  },
  fr: {
    email: {
      subject: 'Confirmez votre adresse e-mail pour Lightpix',
      why: 'Confirmez que {email} est bien à vous pour recevoir toutes les images de votre compte Lightpix gratuit.',
    },
    admin: {
      subject: 'Confirmez votre rôle d’administrateur Lightpix',
      why: 'Cette installation de Lightpix indique {email} comme administrateur. Confirmez que l’adresse est à vous pour obtenir ce rôle.',
    },
    open: 'Ouvrez ce lien dans les {hours}\u00a0heures\u00a0:',
    once: 'Le lien ne fonctionne qu’une fois.',
    ignore: 'Si vous n’attendiez pas cet e-mail, ignorez-le\u00a0: rien ne change.',
  },
};

/** The page the link opens; the token is in the fragment, which browsers never send to a server. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${CONFIRM_EMAIL_PATH}#token=${token}`;
}

export function confirmationMailText(mail: ConfirmationMail, publicUrl: string): { subject: string; text: string } {
  const t = texts[mail.language as LandingLanguage] ?? texts.en;
  const fill = (line: string) => line.replace('{email}', mail.to).replace('{hours}', String(CONFIRMATION_LINK_LIFETIME_HOURS));
  return linkMailText({
    subject: t[mail.purpose].subject,
    why: fill(t[mail.purpose].why),
    open: fill(t.open),
    link: confirmationLink(publicUrl, mail.token),
    notes: [t.once, t.ignore],
  });
}

/** Links are mailed as reset links are: SMTP_URL, a sender (MAIL_FROM or CONTACT_TO) and PUBLIC_URL; else null. */
export async function createConfirmationMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO' | 'PUBLIC_URL'>,
): Promise<ConfirmationMailer | null> {
  const sender = await accountMailSender(env);
  if (!sender) return null;
  return {
    async send(mail) {
      await sender.send(mail.to, confirmationMailText(mail, sender.publicUrl));
    },
    close: () => sender.close(),
  };
}

/** Whether links can be mailed, in the words of the settings (the start-up log and REQUIRE_EMAIL_CONFIRMATION's check). */
export function mailIsSetUp(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO' | 'PUBLIC_URL'>): boolean {
  return Boolean(env.SMTP_URL && (env.MAIL_FROM ?? env.CONTACT_TO) && env.PUBLIC_URL);
}
