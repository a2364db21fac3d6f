import { Link } from 'react-router';
import { CONSENT_MAX_AGE_DAYS, CONSENT_STORAGE_KEY } from '#lib/consent';
import { LegalSection, type LegalDocument } from './LegalDocumentPage';

const list = 'list-disc space-y-1 pl-5';
const labels = { kind: 'Tipo', purpose: 'Finalità', duration: 'Durata' };

const storage = [
  {
    name: 'lightpix_session',
    kind: 'Cookie tecnico (HttpOnly)',
    purpose: 'Tiene aperta la sessione: ospite o accesso effettuato, piano e limiti di utilizzo.',
    duration: 'Al massimo 30 giorni',
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: 'Memoria del browser (localStorage)',
    purpose: 'Ricorda se hai accettato o rifiutato la pubblicità, per non chiedertelo a ogni pagina.',
    duration: `${CONSENT_MAX_AGE_DAYS / 30} mesi, poi te lo chiediamo di nuovo`,
  },
  {
    name: 'language',
    kind: 'Memoria del browser (localStorage)',
    purpose: "Ricorda la lingua che hai scelto per l'interfaccia.",
    duration: 'Finché non la cancelli dal browser',
  },
];

/** Cookie policy ai sensi dell'art. 122 del Codice privacy e delle Linee guida del Garante del 10 giugno 2021. */
export const cookiePolicy: LegalDocument = {
  title: 'Cookie policy',
  revised: '2026-11-21',
  body: () => (
    <>
      <p>
        Questa pagina spiega quali cookie e quali altre informazioni Lightpix salva nel tuo browser. In breve: senza il tuo
        consenso usiamo solo strumenti tecnici, necessari al funzionamento del servizio; niente analisi statistiche di
        terze parti, niente profilazione.
      </p>

      <LegalSection title="1. Strumenti tecnici (sempre attivi)">
        <p>
          Questi strumenti sono indispensabili per fornirti il servizio che chiedi e, per legge, non richiedono il consenso.
          La tua scelta sui cookie è salvata proprio per rispettarla: anche questa memorizzazione è tecnica.
        </p>
        <ul className="grid gap-3 md:grid-cols-3">
          {storage.map((item) => (
            <li key={item.name} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
              <h3 className="font-mono text-sm font-semibold break-all text-slate-900">{item.name}</h3>
              <dl className="mt-2 space-y-2">
                {(['kind', 'purpose', 'duration'] as const).map((field) => (
                  <div key={field}>
                    <dt className="font-medium text-slate-900">{labels[field]}</dt>
                    <dd>{item[field]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <p>Nessun cookie persistente dura più di 30 giorni.</p>
      </LegalSection>

      <LegalSection title="2. Pubblicità (solo con il tuo consenso)">
        <p>
          Nei piani Ospite e Registrato il servizio mostra spazi pubblicitari; il piano Premium non ha pubblicità. Gli spazi
          compaiono solo se accetti nel banner dei cookie: per chi si trova nell'Unione europea, nello Spazio economico
          europeo, nel Regno Unito o in Svizzera il consenso è richiesto dalla legge, e noi lo chiediamo a tutti.
        </p>
        <p>
          Oggi questi spazi promuovono soltanto il nostro piano Premium: sono serviti da Lightpix stesso e non impostano
          alcun cookie. Se in futuro affidassimo gli spazi a un circuito pubblicitario, il suo nome e i suoi cookie
          compariranno in questa pagina, il circuito verrà caricato solo dopo il tuo consenso e ti chiederemo di nuovo di
          scegliere.
        </p>
      </LegalSection>

      <LegalSection title="3. Come cambiare idea">
        <ul className={list}>
          <li>
            Usa il link «Impostazioni cookie» in fondo a ogni pagina: riapre il banner, dove puoi accettare o rifiutare.
            Rifiutare non limita alcuna funzione del servizio.
          </li>
          <li>
            Puoi anche cancellare cookie e dati dei siti dalle impostazioni del browser; se cancelli il cookie di sessione
            uscirai dall'account; i limiti degli ospiti restano comunque legati anche all'indirizzo IP.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Titolare e diritti">
        <p>
          Il titolare è il gestore del servizio Lightpix. Come trattiamo i dati e come esercitare i tuoi diritti è spiegato
          nell'<Link to="/privacy-policy" className="font-medium text-brand-700 underline hover:text-brand-800">Informativa sulla privacy</Link>.
        </p>
      </LegalSection>
    </>
  ),
};
