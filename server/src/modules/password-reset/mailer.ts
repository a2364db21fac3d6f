import { PASSWORD_RESET_LIFETIME_MINUTES, RESET_PASSWORD_PATH, type LandingLanguage } from '@lightpix/shared';
import type { Env } from '../../runtime/env.js';
import { accountMailSender, linkMailText } from '../contact/index.js';

/** One reset link as it is e-mailed to the account's own address. */
export interface ResetMail {
  to: string;
  token: string;
  language: string;
  /** True when support sent it from the admin panel, not the user from the sign-in page. */
  bySupport: boolean;
}

export interface PasswordResetMailer {
  send(mail: ResetMail): Promise<void>;
  close(): void;
}

type Texts = { subject: string; asked: string; bySupport: string; open: string; once: string; ignore: string };

/** One text per interface language (every landing language is one); an unknown language gets English. */
const texts: Record<LandingLanguage, Texts> = {
  en: {
    subject: 'Reset your Lightpix password',
    asked: 'Someone, hopefully you, asked to reset the password of the Lightpix account for {email}.',
    bySupport: 'Lightpix support sent you this link to choose a new password for the account {email}.',
    open: 'Open this link within {minutes} minutes to choose a new password:',
    once: 'The link works once. Choosing a new password signs you out on every other device.',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  it: {
    subject: 'Reimposta la password di Lightpix',
    asked: "Qualcuno, speriamo tu, ha chiesto di reimpostare la password dell'account Lightpix di {email}.",
    bySupport: "L'assistenza di Lightpix ti ha inviato questo link per scegliere una nuova password per l'account {email}.",
    open: 'Apri questo link entro {minutes} minuti per scegliere una nuova password:',
    once: 'Il link funziona una sola volta. Con la nuova password esci da tutti gli altri dispositivi.',
    ignore: 'Se non sei stato tu, ignora questa e-mail: la tua password resta invariata.',
  },
  es: {
    subject: 'Restablece tu contraseña de Lightpix',
    asked: 'Alguien, esperamos que tú, ha pedido restablecer la contraseña de la cuenta de Lightpix de {email}.',
    bySupport: 'El soporte de Lightpix te ha enviado este enlace para elegir una nueva contraseña para la cuenta {email}.',
    open: 'Abre este enlace en los próximos {minutes} minutos para elegir una nueva contraseña:',
    once: 'El enlace funciona una sola vez. Al elegir una nueva contraseña se cierra tu sesión en todos los demás dispositivos.',
    ignore: 'Si no lo has pedido, ignora este correo: tu contraseña no cambia.',
  },
  de: {
    subject: 'Setze dein Lightpix-Passwort zurück',
    asked: 'Jemand, hoffentlich du, hat verlangt, das Passwort des Lightpix-Kontos {email} zurückzusetzen.',
    bySupport: 'Der Lightpix-Support hat dir diesen Link geschickt, damit du ein neues Passwort für das Konto {email} wählen kannst.',
    open: 'Öffne diesen Link innerhalb von {minutes} Minuten, um ein neues Passwort zu wählen:',
    once: 'Der Link funktioniert einmal. Mit dem neuen Passwort wirst du auf allen anderen Geräten abgemeldet.',
    ignore: 'Wenn du das nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
  },
  pl: {
    subject: 'Zresetuj hasło do Lightpix',
    asked: 'Ktoś (mamy nadzieję, że Ty) poprosił o zresetowanie hasła do konta Lightpix {email}.',
    bySupport: 'Pomoc Lightpix wysłała Ci ten link do ustawienia nowego hasła do konta {email}.',
    open: 'Otwórz ten link w ciągu {minutes} minut, aby ustawić nowe hasło:',
    once: 'Link działa jeden raz. Ustawienie nowego hasła wyloguje Cię na wszystkich innych urządzeniach.',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło się nie zmieni.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Lightpix',
    asked: 'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe du compte Lightpix {email}.',
    bySupport: 'L’assistance Lightpix vous a envoyé ce lien pour choisir un nouveau mot de passe pour le compte {email}.',
    open: 'Ouvrez ce lien dans les {minutes} minutes pour choisir un nouveau mot de passe\u00a0:',
    once: 'Le lien ne fonctionne qu’une fois. Choisir un nouveau mot de passe vous déconnecte de tous vos autres appareils.',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
  },
};

function textsFor(language: string): Texts {
  return texts[language as keyof typeof texts] ?? texts.en;
}

/** The page the link opens; the token is in the fragment, which browsers never send to a server. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RESET_PASSWORD_PATH}#token=${token}`;
}

export function resetMailText(mail: ResetMail, publicUrl: string): { subject: string; text: string } {
  const t = textsFor(mail.language);
  const fill = (line: string) => line.replace('{email}', mail.to).replace('{minutes}', String(PASSWORD_RESET_LIFETIME_MINUTES));
  return linkMailText({
    subject: t.subject,
    why: fill(mail.bySupport ? t.bySupport : t.asked),
    open: fill(t.open),
    link: resetLink(publicUrl, mail.token),
    notes: [t.once, t.ignore],
  });
}

/** The mailer of reset links; null when they cannot be sent (accountMailSender says when, docs/decisions/0059). */
export async function createPasswordResetMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO' | 'PUBLIC_URL'>,
): Promise<PasswordResetMailer | null> {
  const sender = await accountMailSender(env);
  if (!sender) return null;
  return {
    async send(mail) {
      await sender.send(mail.to, resetMailText(mail, sender.publicUrl));
    },
    close: () => sender.close(),
  };
}
