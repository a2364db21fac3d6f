import { Link } from 'react-router';
import { Fact, LegalSection, type LegalDocument } from './LegalDocumentPage';
import { italianAllowance, italianFormats, italianHours, italianMegabytes, italianPrice } from './legalFacts';

const list = 'list-disc space-y-1 pl-5';
const link = 'font-medium text-brand-700 underline hover:text-brand-800';

/** Condizioni generali del servizio; limiti e prezzo vengono dalla tabella dei piani del server. */
export const termsOfService: LegalDocument = {
  title: 'Termini e condizioni del servizio',
  revised: '2026-11-23',
  body: ({ plans: { guest, registered, premium }, retentionHours }) => (
    <>
      <p>
        Questi termini regolano l'uso di Lightpix, il servizio online per comprimere, ridimensionare e convertire immagini
        (e, con Premium, presentazioni PowerPoint). Usando il servizio li accetti; se non li accetti, non usarlo.
      </p>

      <LegalSection title="1. Il servizio">
        <p>
          Lightpix elabora i file che carichi secondo le impostazioni che scegli e ti restituisce un risultato da scaricare.
          Il file originale non viene conservato dopo l'elaborazione; il risultato resta scaricabile per{' '}
          <Fact name="retention">{italianHours(retentionHours)}</Fact>, poi viene cancellato automaticamente. Conserva tu
          una copia dei risultati che ti servono.
        </p>
      </LegalSection>

      <LegalSection title="2. Piani e limiti di utilizzo">
        <p>I limiti in vigore sono quelli indicati qui, che il servizio legge dalla propria configurazione:</p>
        <ul className={list}>
          <li>
            <strong>Ospite</strong>, senza registrazione: <Fact name="allowance-guest">{italianAllowance(guest)}</Fact>,
            contate sia per sessione sia per indirizzo IP (vale il limite più stretto), un file alla volta, risultati in{' '}
            {italianFormats(guest)}, con pubblicità.
          </li>
          <li>
            <strong>Registrato</strong>, gratuito: <Fact name="allowance-registered">{italianAllowance(registered)}</Fact>{' '}
            (mese solare UTC), un file alla volta, risultati in {italianFormats(registered)}, cronologia delle elaborazioni,
            meno pubblicità.
          </li>
          <li>
            <strong>Premium</strong>, a pagamento: <Fact name="allowance-premium">{italianAllowance(premium)}</Fact>, fino a{' '}
            {premium.filesPerSelection} file per volta, tutti i formati, file PowerPoint, cronologia e nessuna
            pubblicità.
          </li>
        </ul>
        <p>
          Ogni file elaborato, immagine o presentazione, conta come un'unità; un file rifiutato o non riuscito non conta. Le
          immagini possono pesare fino a {italianMegabytes(guest.maxImageBytes)}, le presentazioni fino a{' '}
          {italianMegabytes(premium.maxPresentationBytes)}.
        </p>
      </LegalSection>

      <LegalSection title="3. Account">
        <p>
          Per registrarti devi avere almeno 16 anni e fornire dati veri. Sei responsabile della riservatezza della tua
          password e di ciò che avviene con il tuo account. Possiamo sospendere un account usato in violazione di questi
          termini; in tal caso le sessioni aperte vengono chiuse.
        </p>
      </LegalSection>

      <LegalSection title="4. Premium: prezzo, pagamento e disdetta">
        <ul className={list}>
          <li>
            Premium costa <Fact name="price">{italianPrice(premium.priceEurCents)}</Fact> al mese, addebitati mensilmente in
            anticipo tramite il fornitore di pagamenti Stripe.
          </li>
          <li>
            Puoi disdire in qualsiasi momento, senza penali: la disdetta ha effetto alla fine del periodo già pagato, fino
            al quale Premium resta attivo, e non ci saranno altri addebiti.
          </li>
          <li>
            Se sei un consumatore, puoi recedere entro 14 giorni dalla sottoscrizione (artt. 52 e seguenti del Codice del
            consumo). Poiché chiedi che il servizio inizi subito, in caso di recesso ti sarà addebitata solo la parte del
            periodo già fruita.
          </li>
          <li>Premium viene attivato e disattivato solo in base alle conferme di pagamento che riceviamo da Stripe.</li>
        </ul>
      </LegalSection>

      <LegalSection title="5. Uso consentito e contenuti">
        <p>
          I file che carichi restano tuoi: ci concedi solo il diritto di elaborarli per fornirti il servizio. Devi avere il
          diritto di usarli. Non è consentito:
        </p>
        <ul className={list}>
          <li>caricare contenuti illeciti o che violano diritti di terzi;</li>
          <li>aggirare i limiti dei piani, per esempio con sessioni o indirizzi multipli o con richieste automatizzate;</li>
          <li>compromettere la sicurezza o il funzionamento del servizio.</li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Disponibilità e responsabilità">
        <p>
          Facciamo il possibile perché il servizio sia sempre disponibile e i risultati siano corretti, ma non possiamo
          garantire un funzionamento senza interruzioni. Nei limiti consentiti dalla legge non rispondiamo dei danni
          indiretti; restano salvi la responsabilità per dolo o colpa grave (art. 1229 del Codice civile) e i diritti che il
          Codice del consumo riconosce ai consumatori.
        </p>
      </LegalSection>

      <LegalSection title="7. Modifiche ai termini">
        <p>
          Possiamo modificare questi termini, per esempio quando cambiano i piani o i limiti. Annunciamo le modifiche con
          almeno <strong>30 giorni</strong> di preavviso sul sito e, agli utenti registrati, per e-mail. Se non le accetti
          puoi smettere di usare il servizio o disdire Premium prima che entrino in vigore.
        </p>
      </LegalSection>

      <LegalSection title="8. Dati personali">
        <p>
          Trattiamo i tuoi dati come descritto nell'<Link to="/privacy-policy" className={link}>Informativa sulla privacy</Link>{' '}
          e nella <Link to="/cookie-policy" className={link}>Cookie policy</Link>.
        </p>
      </LegalSection>

      <LegalSection title="9. Legge applicabile e contatti">
        <p>
          Questi termini sono regolati dalla legge italiana. Se sei un consumatore, è competente il giudice del luogo in cui
          risiedi e restano salve le norme inderogabili del tuo Paese. Per qualsiasi domanda scrivici dalla pagina{' '}
          <Link to="/contact" className={link}>Contatti</Link>.
        </p>
      </LegalSection>
    </>
  ),
};
