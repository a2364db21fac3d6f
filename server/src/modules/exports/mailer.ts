import type { LandingLanguage } from '@lightpix/shared';
import type { Env } from '../../runtime/env.js';
import { accountMailSender, linkMailText } from '../contact/index.js';

/** The e-mail that says an export is ready, to the account's own address. */
export interface ExportReadyMail {
  to: string;
  language: string;
  keptHours: number;
}

export interface ExportMailer {
  send(mail: ExportReadyMail): Promise<void>;
  close(): void;
}

type Texts = { subject: string; why: string; open: string; owner: string; ignore: string };

/** One text per interface language; an unknown language gets English. */
const texts: Record<LandingLanguage, Texts> = {
  en: {
    subject: 'Your Lightpix data is ready to download',
    why: 'The copy of the data of the Lightpix account {email} that you asked for is ready.',
    open: 'Download it from your account page within {hours} hours, signed in to this account:',
    owner: 'Only you can download it, while signed in. After that time the file is deleted.',
    ignore: 'If you did not ask for it, change your password: someone else may be signed in to your account.',
  },
  it: {
    subject: 'I tuoi dati di Lightpix sono pronti da scaricare',
    why: "La copia dei dati dell'account Lightpix {email} che hai chiesto è pronta.",
    open: 'Scaricala dalla pagina del tuo account entro {hours} ore, con l’accesso a questo account:',
    owner: 'Puoi scaricarla solo tu, con l’accesso. Dopo quel tempo il file viene eliminato.',
    ignore: 'Se non l’hai chiesta tu, cambia la password: qualcun altro potrebbe avere accesso al tuo account.',
  },
  es: {
    subject: 'Tus datos de Lightpix están listos para descargar',
    why: 'La copia de los datos de la cuenta de Lightpix {email} que pediste está lista.',
    open: 'Descárgala desde la página de tu cuenta en las próximas {hours} horas, con la sesión iniciada en esta cuenta:',
    owner: 'Solo tú puedes descargarla, con la sesión iniciada. Pasado ese tiempo, el archivo se elimina.',
    ignore: 'Si no la pediste, cambia tu contraseña: otra persona podría haber iniciado sesión en tu cuenta.',
  },
  de: {
    subject: 'Deine Lightpix-Daten stehen zum Download bereit',
    why: 'Die Kopie der Daten des Lightpix-Kontos {email}, die du angefordert hast, ist fertig.',
    open: 'Lade sie innerhalb von {hours} Stunden auf deiner Kontoseite herunter, angemeldet mit diesem Konto:',
    owner: 'Nur du kannst sie herunterladen, solange du angemeldet bist. Danach wird die Datei gelöscht.',
    ignore: 'Wenn du sie nicht angefordert hast, ändere dein Passwort: Jemand anderes könnte in deinem Konto angemeldet sein.',
  },
  pl: {
    subject: 'Twoje dane z Lightpix są gotowe do pobrania',
    why: 'Kopia danych konta Lightpix {email}, o którą poproszono, jest gotowa.',
    open: 'Pobierz ją ze strony konta w ciągu {hours} godz., po zalogowaniu na to konto:',
    owner: 'Tylko Ty możesz ją pobrać, po zalogowaniu. Po tym czasie plik zostanie usunięty.',
    ignore: 'Jeśli to nie Ty o nią prosisz, zmień hasło: ktoś inny może być zalogowany na Twoje konto.',
  },
  fr: {
    subject: 'Vos données Lightpix sont prêtes à télécharger',
    why: 'La copie des données du compte Lightpix {email} que vous avez demandée est prête.',
    open: 'Téléchargez-la depuis la page de votre compte dans les {hours}\u00a0heures, connecté à ce compte\u00a0:',
    owner: 'Vous seul pouvez la télécharger, une fois connecté. Passé ce délai, le fichier est supprimé.',
    ignore: 'Si vous ne l’avez pas demandée, changez votre mot de passe\u00a0: quelqu’un d’autre est peut-être connecté à votre compte.',
  },
};

/** The page the link opens: the account page, where the signed-in owner downloads it. */
export const ACCOUNT_PAGE = '/account';

export function exportMailText(mail: ExportReadyMail, publicUrl: string): { subject: string; text: string } {
  const t = texts[mail.language as LandingLanguage] ?? texts.en;
  const hours = String(Math.round(mail.keptHours * 100) / 100);
  const fill = (line: string) => line.replace('{email}', mail.to).replace('{hours}', hours);
  return linkMailText({
    subject: t.subject,
    why: fill(t.why),
    open: fill(t.open),
    link: `${publicUrl}${ACCOUNT_PAGE}`,
    notes: [t.owner, t.ignore],
  });
}

/** Sent as reset links are (docs/decisions/0059): SMTP_URL, a sender and PUBLIC_URL; else null and no mail. */
export async function createExportMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'CONTACT_TO' | 'PUBLIC_URL'>,
): Promise<ExportMailer | null> {
  const sender = await accountMailSender(env);
  if (!sender) return null;
  return {
    async send(mail) {
      await sender.send(mail.to, exportMailText(mail, sender.publicUrl));
    },
    close: () => sender.close(),
  };
}
