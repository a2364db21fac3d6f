import { Link } from 'react-router';
import { Fact, LegalSection, type LegalDocument } from './LegalDocumentPage';
import { italianHours } from './legalFacts';

const list = 'list-disc space-y-1 pl-5';
const link = 'font-medium text-brand-700 underline hover:text-brand-800';

/** Informativa ai sensi degli artt. 13–14 del Regolamento (UE) 2016/679 (GDPR). */
export const privacyPolicy: LegalDocument = {
  title: 'Informativa sulla privacy',
  revised: '2026-11-21',
  body: ({ retentionHours }) => (
    <>
      <p>
        Questa informativa spiega quali dati personali tratta Lightpix, il servizio online per comprimere, ridimensionare e
        convertire immagini e presentazioni, perché li tratta, per quanto tempo li conserva e quali diritti hai.
      </p>

      <LegalSection title="1. Titolare del trattamento">
        <p>
          Il titolare del trattamento è il gestore del servizio Lightpix («noi»). Per qualsiasi richiesta sulla privacy,
          compreso l'esercizio dei tuoi diritti, scrivici dalla pagina{' '}
          <Link to="/contact" className={link}>Contatti</Link>: rispondiamo entro un mese, come prevede l'art. 12 del GDPR.
        </p>
      </LegalSection>

      <LegalSection title="2. Quali dati trattiamo, perché e per quanto tempo">
        <h3 className="font-semibold text-slate-900">a) Immagini e presentazioni che carichi</h3>
        <p>
          Il file originale viene elaborato in memoria o in un file temporaneo e non viene conservato dopo la richiesta. Il
          risultato viene conservato solo per permetterti di scaricarlo, per <Fact name="retention">{italianHours(retentionHours)}</Fact>,
          poi viene cancellato automaticamente. Il risultato è scaricabile solo dalla sessione o dall'account che lo ha
          prodotto. Salvo tua diversa scelta, rimuoviamo dai risultati i metadati (EXIF, posizione GPS, commenti).
          Base giuridica: esecuzione del servizio da te richiesto (art. 6, par. 1, lett. b GDPR).
        </p>
        <h3 className="font-semibold text-slate-900">b) Registro delle elaborazioni e limiti di utilizzo</h3>
        <p>
          Per ogni file elaborato registriamo data e ora, nome e dimensioni del file, formato e qualità del risultato e
          l'indirizzo IP di provenienza. Ci servono per applicare i limiti di utilizzo dei piani (per gli ospiti il limite
          vale per sessione e per indirizzo IP), per prevenire abusi e, per gli utenti registrati, per mostrare la
          cronologia. Questo registro non contiene l'immagine. Base giuridica: esecuzione del contratto e nostro legittimo
          interesse a prevenire abusi (art. 6, par. 1, lett. b e f GDPR).
        </p>
        <h3 className="font-semibold text-slate-900">c) Account</h3>
        <p>
          Se ti registri trattiamo indirizzo e-mail, nome, cognome, nome utente, piano sottoscritto e data di
          registrazione. La password è conservata solo come impronta crittografica non reversibile (argon2id). Conserviamo
          questi dati finché l'account esiste; puoi eliminarlo tu stesso in qualsiasi momento dalla pagina Account, che
          disdice subito l'abbonamento e cancella account, risultati, cronologia, sessioni e chiavi API (restano solo i
          dati di fatturazione del punto e). Base giuridica:
          esecuzione del contratto (art. 6, par. 1, lett. b GDPR). Le modifiche fatte dal nostro supporto al tuo account
          (per esempio la disattivazione) vengono registrate con l'autore della modifica, per nostro legittimo interesse.
        </p>
        <h3 className="font-semibold text-slate-900">d) Messaggi che ci invii</h3>
        <p>
          Quando usi il modulo di contatto trattiamo nome, indirizzo e-mail, oggetto e testo del messaggio, per
          risponderti. Li conserviamo finché servono a gestire la tua richiesta e l'eventuale rapporto che ne segue; puoi
          chiederne la cancellazione in qualsiasi momento. Base giuridica: misure precontrattuali o nostro legittimo
          interesse a rispondere (art. 6, par. 1, lett. b e f GDPR).
        </p>
        <h3 className="font-semibold text-slate-900">e) Pagamenti e fatturazione</h3>
        <p>
          L'abbonamento Premium è pagato tramite Stripe: i dati della carta sono inseriti e trattati direttamente da
          Stripe e non arrivano mai ai nostri server. I dati di fatturazione (identificativo cliente, stato e date
          dell'abbonamento presso di noi; importi e date dei pagamenti presso Stripe) sono conservati per <strong>10 anni</strong>, come richiesto dalla legge
          italiana sulla conservazione delle scritture contabili (art. 2220 del Codice civile). Base giuridica: contratto e
          obbligo legale (art. 6, par. 1, lett. b e c GDPR).
        </p>
        <h3 className="font-semibold text-slate-900">f) Log tecnici</h3>
        <p>
          I server registrano in log tecnici l'indirizzo IP, data e ora e l'indirizzo delle richieste, per la sicurezza e
          la risoluzione dei guasti. I log sono conservati per <strong>al massimo 90 giorni</strong>. Base giuridica:
          nostro legittimo interesse alla sicurezza del servizio (art. 6, par. 1, lett. f GDPR).
        </p>
        <h3 className="font-semibold text-slate-900">g) Cookie e memoria del browser</h3>
        <p>
          Usiamo solo un cookie tecnico di sessione, che dura al massimo 30 giorni, e la memoria del browser per ricordare
          la lingua e la tua scelta sui cookie. La pubblicità è mostrata solo con il tuo consenso. I dettagli sono nella{' '}
          <Link to="/cookie-policy" className={link}>Cookie policy</Link>.
        </p>
      </LegalSection>

      <LegalSection title="3. A chi comunichiamo i dati">
        <p>I dati sono trattati da noi e, per nostro conto, da fornitori nominati responsabili del trattamento (art. 28 GDPR):</p>
        <ul className={list}>
          <li>il fornitore dei pagamenti con carta, Stripe, per incassare l'abbonamento Premium;</li>
          <li>il servizio di invio e-mail che usiamo per recapitare i messaggi del modulo di contatto e le nostre risposte;</li>
          <li>il fornitore dell'infrastruttura su cui il servizio è ospitato.</li>
        </ul>
        <p>
          Non vendiamo i tuoi dati e non li usiamo per profilarti. Se un fornitore tratta dati fuori dallo Spazio economico
          europeo, il trasferimento avviene solo con le garanzie previste dagli artt. 44–49 del GDPR (decisione di
          adeguatezza, come l'EU-US Data Privacy Framework, o clausole contrattuali tipo della Commissione europea).
        </p>
      </LegalSection>

      <LegalSection title="4. Minori">
        <p>Lightpix non è destinato ai minori di 16 anni, e non raccogliamo consapevolmente i loro dati. Se ritieni che un minore ci abbia fornito dati personali, scrivici e li cancelleremo.</p>
      </LegalSection>

      <LegalSection title="5. I tuoi diritti">
        <p>In qualsiasi momento puoi chiederci, senza costi:</p>
        <ul className={list}>
          <li>l'accesso ai tuoi dati e una loro copia (art. 15);</li>
          <li>la rettifica dei dati inesatti (art. 16) e la cancellazione (art. 17);</li>
          <li>la limitazione del trattamento (art. 18) e la portabilità dei dati che ci hai fornito (art. 20);</li>
          <li>di opporti ai trattamenti basati sul nostro legittimo interesse (art. 21);</li>
          <li>di revocare il consenso alla pubblicità, senza conseguenze sui trattamenti precedenti, da «Impostazioni cookie» in fondo a ogni pagina.</li>
        </ul>
        <p>
          Hai anche il diritto di proporre reclamo al Garante per la protezione dei dati personali (
          <a href="https://www.garanteprivacy.it/" target="_blank" rel="noopener noreferrer" className={link}>www.garanteprivacy.it</a>)
          o all'autorità di controllo del Paese in cui vivi o lavori.
        </p>
      </LegalSection>

      <LegalSection title="6. Sicurezza">
        <p>
          Proteggiamo i dati con misure tecniche e organizzative adeguate: password conservate solo come
          impronta crittografica, accesso ai risultati limitato a chi li ha prodotti, cancellazione automatica dei file
          scaduti e accesso ai pannelli di amministrazione riservato al personale autorizzato.
        </p>
      </LegalSection>

      <LegalSection title="7. Modifiche a questa informativa">
        <p>Se cambiamo questa informativa aggiorniamo la data in cima alla pagina; le modifiche rilevanti sono annunciate sul sito e, agli utenti registrati, per e-mail.</p>
      </LegalSection>
    </>
  ),
};
