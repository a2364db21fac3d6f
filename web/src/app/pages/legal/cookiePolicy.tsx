import { Link } from 'react-router';
import { CONSENT_MAX_AGE_DAYS, CONSENT_STORAGE_KEY } from '#lib/consent';
import { LegalSection, type LegalDocument } from './LegalDocumentPage';

const list = 'list-disc space-y-1 pl-5';
const cell = 'border-b border-slate-200 px-3 py-2 align-top';

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
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] border-collapse text-left text-sm">
            <thead>
              <tr className="bg-slate-100 text-slate-900">
                <th scope="col" className={cell}>Nome</th>
                <th scope="col" className={cell}>Tipo</th>
                <th scope="col" className={cell}>Finalità</th>
                <th scope="col" className={cell}>Durata</th>
              </tr>
            </thead>
            <tbody>
              {storage.map((item) => (
                <tr key={item.name}>
                  <th scope="row" className={`${cell} font-mono text-xs font-medium text-slate-900`}>{item.name}</th>
                  <td className={cell}>{item.kind}</td>
                  <td className={cell}>{item.purpose}</td>
                  <td className={cell}>{item.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
