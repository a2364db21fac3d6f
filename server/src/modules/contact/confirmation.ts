import type { LandingLanguage } from '@lightpix/shared';

/**
 * The confirmation a signed-in sender gets of a contact message (docs/decisions/0143): fixed words
 * in their interface language, sent only to their account's own address, and never what they wrote,
 * so the form cannot carry someone's text to someone else's inbox.
 */
type Texts = { subject: string; thanks: string; privacy: string; why: string };

export const confirmationTexts: Readonly<Record<LandingLanguage, Texts>> = {
  en: {
    subject: 'Lightpix: we have received your message',
    thanks: 'Thank you for writing to Lightpix. Your message has reached us, and we will reply to the address you gave in the form.',
    privacy: 'For your privacy, this e-mail does not repeat what you wrote.',
    why: 'You receive this e-mail because the message was sent while signed in to the Lightpix account {email}. If that was not you, change your password.',
  },
  it: {
    subject: 'Lightpix: abbiamo ricevuto il tuo messaggio',
    thanks:
      "Grazie per aver scritto a Lightpix. Il tuo messaggio ci è arrivato e ti risponderemo all'indirizzo che hai indicato nel modulo.",
    privacy: 'Per la tua privacy, questa e-mail non riporta quello che hai scritto.',
    why: "Ricevi questa e-mail perché il messaggio è stato inviato dall'account Lightpix {email} con l'accesso effettuato. Se non sei stato tu, cambia la password.",
  },
  es: {
    subject: 'Lightpix: hemos recibido tu mensaje',
    thanks: 'Gracias por escribir a Lightpix. Tu mensaje nos ha llegado y te responderemos a la dirección que indicaste en el formulario.',
    privacy: 'Por tu privacidad, este correo no repite lo que escribiste.',
    why: 'Recibes este correo porque el mensaje se envió con la sesión iniciada en la cuenta de Lightpix {email}. Si no fuiste tú, cambia tu contraseña.',
  },
  de: {
    subject: 'Lightpix: Wir haben deine Nachricht erhalten',
    thanks:
      'Danke, dass du Lightpix geschrieben hast. Deine Nachricht ist bei uns angekommen, und wir antworten an die Adresse, die du im Formular angegeben hast.',
    privacy: 'Zum Schutz deiner Privatsphäre wiederholt diese E-Mail nicht, was du geschrieben hast.',
    why: 'Du erhältst diese E-Mail, weil die Nachricht aus dem angemeldeten Lightpix-Konto {email} gesendet wurde. Wenn du das nicht warst, ändere dein Passwort.',
  },
  pl: {
    subject: 'Lightpix: otrzymaliśmy Twoją wiadomość',
    thanks: 'Dziękujemy za wiadomość do Lightpix. Dotarła do nas, a odpowiemy na adres podany w formularzu.',
    privacy: 'Dla ochrony Twojej prywatności ten e-mail nie powtarza treści wiadomości.',
    why: 'Otrzymujesz ten e-mail, ponieważ wiadomość wysłano z zalogowanego konta Lightpix {email}. Jeśli to nie Ty, zmień hasło.',
  },
  fr: {
    subject: 'Lightpix\u00a0: nous avons bien reçu votre message',
    thanks:
      'Merci d’avoir écrit à Lightpix. Votre message nous est bien parvenu et nous vous répondrons à l’adresse indiquée dans le formulaire.',
    privacy: 'Pour protéger votre vie privée, cet e-mail ne reprend pas ce que vous avez écrit.',
    why: 'Vous recevez cet e-mail parce que le message a été envoyé depuis une session ouverte sur le compte Lightpix {email}. Si vous n’êtes pas à l’origine de ce message, changez votre mot de passe.',
  },
};

/** Confirmations one account may get in 24 hours; its later messages still reach the team. */
export const CONFIRMATIONS_PER_DAY = 3;

/** The confirmation's subject and text; an unknown language gets English. */
export function confirmationMailText(language: string, accountEmail: string): { subject: string; text: string } {
  const t = confirmationTexts[language as LandingLanguage] ?? confirmationTexts.en;
  return { subject: t.subject, text: [t.thanks, '', t.privacy, '', t.why.replace('{email}', accountEmail), '', 'Lightpix', ''].join('\n') };
}
