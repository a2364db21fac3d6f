import { Link } from '#components/router';
import { CONSENT_MAX_AGE_DAYS, CONSENT_STORAGE_KEY } from '#lib/consent';
import {
  Fact,
  LegalSection,
  linkClass,
  listClass,
  StoredItems,
  SubHeading,
  type LegalTexts,
  OperatorDetails,
  type OperatorWords,
} from '../parts';

const labels = { kind: 'Tipo', purpose: 'Finalità', duration: 'Durata' };

const storage = [
  {
    name: 'lightpix_session',
    kind: 'Cookie tecnico (HttpOnly)',
    purpose: 'Tiene aperta la sessione: ospite o accesso effettuato, piano e limiti di utilizzo.',
    duration: 'Al massimo 30 giorni',
  },
  {
    name: 'lightpix_device',
    kind: 'Cookie tecnico (HttpOnly)',
    purpose:
      'Impostato quando da questo browser si crea un account, perché lo stesso dispositivo non possa creare account senza limiti. Contiene solo un numero casuale.',
    duration: '30 giorni',
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

/** The reference text: the other languages translate it, and it prevails in case of doubt (docs/decisions/0141). */
const operatorWords: OperatorWords = {
  name: 'Denominazione',
  address: 'Indirizzo',
  email: 'E-mail',
  companyNumber: 'Partita IVA o numero di registro',
  supervisoryAuthority: 'Autorità di controllo per la protezione dei dati',
  missing: 'non ancora indicato dal gestore',
};

/** The right to complain, with the supervisory authority the operator named (OPERATOR_SUPERVISORY_AUTHORITY), or without. */
const complaint = (authority: string | null) =>
  authority === null
    ? "Hai anche il diritto di proporre reclamo a un'autorità di controllo per la protezione dei dati, in particolare a quella del Paese in cui vivi o lavori; il gestore non ha ancora indicato la propria autorità di controllo."
    : `Hai anche il diritto di proporre reclamo all'autorità di controllo, ${authority}, o all'autorità di controllo del Paese in cui vivi o lavori.`;

export const texts: LegalTexts = {
  revised: 'Ultimo aggiornamento:',
  home: 'Torna alla Home',
  /** Condizioni generali del servizio; limiti e prezzo vengono dalla tabella dei piani del server. */
  terms: {
    title: 'Termini e condizioni del servizio',
    body: ({ plans: { guest, registered, premium }, retentionHours, operator }, say) => (
      <>
        <p>
          Questi termini regolano l'uso di Lightpix, il servizio online per comprimere, ridimensionare e convertire immagini (e, con
          Premium, presentazioni PowerPoint). Usando il servizio li accetti; se non li accetti, non usarlo.
        </p>

        <LegalSection title="1. Il servizio">
          <p>
            Lightpix elabora i file che carichi secondo le impostazioni che scegli e ti restituisce un risultato da scaricare. Il file
            originale non viene conservato dopo l'elaborazione; il risultato resta scaricabile per{' '}
            <Fact name="retention">{say.hours(retentionHours)}</Fact>, poi viene cancellato automaticamente. Conserva tu una copia dei
            risultati che ti servono.
          </p>
        </LegalSection>

        <LegalSection title="2. Piani e limiti di utilizzo">
          <p>I limiti in vigore sono quelli indicati qui, che il servizio legge dalla propria configurazione:</p>
          <ul className={listClass}>
            <li>
              <strong>Ospite</strong>, senza registrazione: <Fact name="allowance-guest">{say.allowance(guest)}</Fact>, contate sia per
              sessione sia per indirizzo IP (vale il limite più stretto), un file alla volta, risultati in {say.formats(guest)}, con
              pubblicità.
            </li>
            <li>
              <strong>Registrato</strong>, gratuito: <Fact name="allowance-registered">{say.allowance(registered)}</Fact> (mese solare UTC),
              un file alla volta, risultati in {say.formats(registered)}, cronologia delle elaborazioni, meno pubblicità.
            </li>
            <li>
              <strong>Premium</strong>, a pagamento: <Fact name="allowance-premium">{say.allowance(premium)}</Fact>, fino a{' '}
              {premium.filesPerSelection} file per volta, tutti i formati, file PowerPoint, cronologia e nessuna pubblicità.
            </li>
          </ul>
          <p>
            Ogni file elaborato, immagine o presentazione, conta come un'unità; un file rifiutato o non riuscito non conta. Le immagini
            possono pesare fino a {say.megabytes(guest.maxImageBytes)}, le presentazioni fino a{' '}
            {say.megabytes(premium.maxPresentationBytes)}.
          </p>
        </LegalSection>

        <LegalSection title="3. Account">
          <p>
            Per registrarti devi avere almeno 16 anni e fornire dati veri. Sei responsabile della riservatezza della tua password e di ciò
            che avviene con il tuo account. Possiamo sospendere un account usato in violazione di questi termini; in tal caso le sessioni
            aperte vengono chiuse.
          </p>
        </LegalSection>

        <LegalSection title="4. Premium: prezzo, pagamento e disdetta">
          <ul className={listClass}>
            <li>
              Premium costa <Fact name="price">{say.price(premium.priceEurCents)}</Fact> al mese, addebitati mensilmente in anticipo tramite
              il fornitore di pagamenti Stripe.
            </li>
            <li>
              Puoi disdire in qualsiasi momento, senza penali: la disdetta ha effetto alla fine del periodo già pagato, fino al quale
              Premium resta attivo, e non ci saranno altri addebiti.
            </li>
            <li>
              Se sei un consumatore, puoi recedere entro 14 giorni dalla sottoscrizione (artt. 52 e seguenti del Codice del consumo). Poiché
              chiedi che il servizio inizi subito, in caso di recesso ti sarà addebitata solo la parte del periodo già fruita.
            </li>
            <li>Premium viene attivato e disattivato solo in base alle conferme di pagamento che riceviamo da Stripe.</li>
          </ul>
        </LegalSection>

        <LegalSection title="5. Uso consentito e contenuti">
          <p>
            I file che carichi restano tuoi: ci concedi solo il diritto di elaborarli per fornirti il servizio. Devi avere il diritto di
            usarli. Non è consentito:
          </p>
          <ul className={listClass}>
            <li>caricare contenuti illeciti o che violano diritti di terzi;</li>
            <li>aggirare i limiti dei piani, per esempio con sessioni o indirizzi multipli o con richieste automatizzate;</li>
            <li>compromettere la sicurezza o il funzionamento del servizio.</li>
          </ul>
        </LegalSection>

        <LegalSection title="6. Disponibilità e responsabilità">
          <p>
            Facciamo il possibile perché il servizio sia sempre disponibile e i risultati siano corretti, ma non possiamo garantire un
            funzionamento senza interruzioni. Nei limiti consentiti dalla legge non rispondiamo dei danni indiretti; restano salvi la
            responsabilità per dolo o colpa grave (art. 1229 del Codice civile) e i diritti che il Codice del consumo riconosce ai
            consumatori.
          </p>
        </LegalSection>

        <LegalSection title="7. Modifiche ai termini">
          <p>
            Possiamo modificare questi termini, per esempio quando cambiano i piani o i limiti. Annunciamo le modifiche con almeno{' '}
            <strong>30 giorni</strong> di preavviso sul sito e, agli utenti registrati, per e-mail. Se non le accetti puoi smettere di usare
            il servizio o disdire Premium prima che entrino in vigore.
          </p>
        </LegalSection>

        <LegalSection title="8. Dati personali">
          <p>
            Trattiamo i tuoi dati come descritto nell'
            <Link to="/privacy-policy" className={linkClass}>
              Informativa sulla privacy
            </Link>{' '}
            e nella{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie policy
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="9. Legge applicabile e contatti">
          <p>
            Questi termini sono regolati dalla legge italiana. Se sei un consumatore, è competente il giudice del luogo in cui risiedi e
            restano salve le norme inderogabili del tuo Paese. Per qualsiasi domanda scrivici dalla pagina{' '}
            <Link to="/contact" className={linkClass}>
              Contatti
            </Link>
            .
          </p>
          <p>Il servizio è fornito da:</p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  /** Informativa ai sensi degli artt. 13–14 del Regolamento (UE) 2016/679 (GDPR). */
  privacy: {
    title: 'Informativa sulla privacy',
    body: ({ retentionHours, retention, operator }, say) => (
      <>
        <p>
          Questa informativa spiega quali dati personali tratta Lightpix, il servizio online per comprimere, ridimensionare e convertire
          immagini e presentazioni, perché li tratta, per quanto tempo li conserva e quali diritti hai.
        </p>

        <LegalSection title="1. Titolare del trattamento">
          <p>
            Il titolare del trattamento è il gestore del servizio Lightpix («noi»). Per qualsiasi richiesta sulla privacy, compreso
            l'esercizio dei tuoi diritti, scrivici dalla pagina{' '}
            <Link to="/contact" className={linkClass}>
              Contatti
            </Link>
            : rispondiamo entro un mese, come prevede l'art. 12 del GDPR.
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>

        <LegalSection title="2. Quali dati trattiamo, perché e per quanto tempo">
          <SubHeading>a) Immagini e presentazioni che carichi</SubHeading>
          <p>
            Il file originale viene elaborato in memoria o in un file temporaneo e non viene conservato dopo la richiesta. Il risultato
            viene conservato solo per permetterti di scaricarlo, per <Fact name="retention">{say.hours(retentionHours)}</Fact>, poi viene
            cancellato automaticamente. Il risultato è scaricabile solo dalla sessione o dall'account che lo ha prodotto. Salvo tua diversa
            scelta, rimuoviamo dai risultati i metadati (EXIF, posizione GPS, commenti). Base giuridica: esecuzione del servizio da te
            richiesto (art. 6, par. 1, lett. b GDPR).
          </p>
          <SubHeading>b) Registro delle elaborazioni e limiti di utilizzo</SubHeading>
          <p>
            Per ogni file elaborato registriamo data e ora, nome e dimensioni del file, formato e qualità del risultato e l'indirizzo IP di
            provenienza. Ci servono per applicare i limiti di utilizzo dei piani (per gli ospiti il limite vale per sessione e per indirizzo
            IP), per prevenire abusi e, per gli utenti registrati, per mostrare la cronologia. Questo registro non contiene l'immagine. Base
            giuridica: esecuzione del contratto e nostro legittimo interesse a prevenire abusi (art. 6, par. 1, lett. b e f GDPR). Trascorsi{' '}
            <Fact name="retention-usage">{say.days(retention.usageDays)}</Fact>, di ogni voce restano solo data, dimensioni e formato: nome
            del file, indirizzo IP e account vengono cancellati.
          </p>
          <SubHeading>c) Account</SubHeading>
          <p>
            Se ti registri trattiamo indirizzo e-mail, nome, cognome, nome utente, piano sottoscritto e data di registrazione. La password è
            conservata solo come impronta crittografica non reversibile (argon2id). Conserviamo questi dati finché l'account esiste; puoi
            eliminarlo tu stesso in qualsiasi momento dalla pagina Account, che disdice subito l'abbonamento e cancella account, risultati,
            cronologia, sessioni e chiavi API (restano solo i dati di fatturazione del punto e). Base giuridica: esecuzione del contratto
            (art. 6, par. 1, lett. b GDPR). Le modifiche fatte dal nostro supporto al tuo account (per esempio la disattivazione) vengono
            registrate con l'autore della modifica, per nostro legittimo interesse. Conserviamo questa registrazione per{' '}
            <Fact name="retention-audit">{say.days(retention.auditDays)}</Fact>; indica il tuo account solo con un numero interno. Quando un
            account viene eliminato, vengono eliminati anche i messaggi inviati da esso o dal suo indirizzo e-mail.
          </p>
          <SubHeading>d) Messaggi che ci invii</SubHeading>
          <p>
            Quando usi il modulo di contatto trattiamo nome, indirizzo e-mail, oggetto e testo del messaggio, per risponderti. Li
            conserviamo per <Fact name="retention-contact">{say.days(retention.contactMessagesDays)}</Fact> dal loro arrivo, poi vengono
            cancellati automaticamente; puoi chiederne la cancellazione prima in qualsiasi momento. Base giuridica: misure precontrattuali o
            nostro legittimo interesse a rispondere (art. 6, par. 1, lett. b e f GDPR).
          </p>
          <SubHeading>e) Pagamenti e fatturazione</SubHeading>
          <p>
            L'abbonamento Premium è pagato tramite Stripe: i dati della carta sono inseriti e trattati direttamente da Stripe e non arrivano
            mai ai nostri server. I dati di fatturazione (identificativo cliente, stato e date dell'abbonamento presso di noi; importi e
            date dei pagamenti presso Stripe) sono conservati per <strong>10 anni</strong>, come richiesto dalla legge italiana sulla
            conservazione delle scritture contabili (art. 2220 del Codice civile). Base giuridica: contratto e obbligo legale (art. 6, par.
            1, lett. b e c GDPR).
          </p>
          <SubHeading>f) Log tecnici</SubHeading>
          <p>
            I server registrano in log tecnici l'indirizzo IP, data e ora e l'indirizzo delle richieste, per la sicurezza e la risoluzione
            dei guasti. I log sono conservati per <strong>al massimo 90 giorni</strong>. Base giuridica: nostro legittimo interesse alla
            sicurezza del servizio (art. 6, par. 1, lett. f GDPR).
          </p>
          <SubHeading>g) Cookie e memoria del browser</SubHeading>
          <p>
            Usiamo solo un cookie tecnico di sessione, che dura al massimo 30 giorni, e la memoria del browser per ricordare la lingua e la
            tua scelta sui cookie. La pubblicità è mostrata solo con il tuo consenso. I dettagli sono nella{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie policy
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="3. A chi comunichiamo i dati">
          <p>I dati sono trattati da noi e, per nostro conto, da fornitori nominati responsabili del trattamento (art. 28 GDPR):</p>
          <ul className={listClass}>
            <li>il fornitore dei pagamenti con carta, Stripe, per incassare l'abbonamento Premium;</li>
            <li>il servizio di invio e-mail che usiamo per recapitare i messaggi del modulo di contatto e le nostre risposte;</li>
            <li>il fornitore dell'infrastruttura su cui il servizio è ospitato.</li>
          </ul>
          <p>
            Non vendiamo i tuoi dati e non li usiamo per profilarti. Se un fornitore tratta dati fuori dallo Spazio economico europeo, il
            trasferimento avviene solo con le garanzie previste dagli artt. 44–49 del GDPR (decisione di adeguatezza, come l'EU-US Data
            Privacy Framework, o clausole contrattuali tipo della Commissione europea).
          </p>
        </LegalSection>

        <LegalSection title="4. Minori">
          <p>
            Lightpix non è destinato ai minori di 16 anni, e non raccogliamo consapevolmente i loro dati. Se ritieni che un minore ci abbia
            fornito dati personali, scrivici e li cancelleremo.
          </p>
        </LegalSection>

        <LegalSection title="5. I tuoi diritti">
          <p>In qualsiasi momento puoi chiederci, senza costi:</p>
          <ul className={listClass}>
            <li>l'accesso ai tuoi dati e una loro copia (art. 15);</li>
            <li>la rettifica dei dati inesatti (art. 16) e la cancellazione (art. 17);</li>
            <li>la limitazione del trattamento (art. 18) e la portabilità dei dati che ci hai fornito (art. 20);</li>
            <li>di opporti ai trattamenti basati sul nostro legittimo interesse (art. 21);</li>
            <li>
              di revocare il consenso alla pubblicità, senza conseguenze sui trattamenti precedenti, da «Impostazioni cookie» in fondo a
              ogni pagina.
            </li>
          </ul>
          <p>
            Puoi anche prendere da solo una copia dei tuoi dati, in ogni momento: nella pagina{' '}
            <Link to="/account" className={linkClass}>
              Account
            </Link>
            , «Scarica i miei dati» prepara un file ZIP con il tuo account, il piano, i dati dell'abbonamento e delle fatture, i nomi delle
            tue chiavi API, la cronologia dei risultati, i messaggi che ci hai inviato e i file dei risultati ancora conservati, in un
            formato documentato e leggibile da una macchina (JSON). Puoi scaricarlo solo tu, con l'accesso, per{' '}
            <Fact name="retention-export">{say.hours(retentionHours)}</Fact>; poi viene eliminato.
          </p>
          <p>{complaint(operator.supervisoryAuthority)}</p>
        </LegalSection>

        <LegalSection title="6. Sicurezza">
          <p>
            Proteggiamo i dati con misure tecniche e organizzative adeguate: password conservate solo come impronta crittografica, accesso
            ai risultati limitato a chi li ha prodotti, cancellazione automatica dei file scaduti e accesso ai pannelli di amministrazione
            riservato al personale autorizzato.
          </p>
        </LegalSection>

        <LegalSection title="7. Modifiche a questa informativa">
          <p>
            Se cambiamo questa informativa aggiorniamo la data in cima alla pagina; le modifiche rilevanti sono annunciate sul sito e, agli
            utenti registrati, per e-mail.
          </p>
        </LegalSection>
      </>
    ),
  },
  /** Cookie policy ai sensi dell'art. 122 del Codice privacy e delle Linee guida del Garante del 10 giugno 2021. */
  cookies: {
    title: 'Cookie policy',
    body: ({ operator }) => (
      <>
        <p>
          Questa pagina spiega quali cookie e quali altre informazioni Lightpix salva nel tuo browser. In breve: senza il tuo consenso
          usiamo solo strumenti tecnici, necessari al funzionamento del servizio; niente analisi statistiche di terze parti, niente
          profilazione.
        </p>

        <LegalSection title="1. Strumenti tecnici (sempre attivi)">
          <p>
            Questi strumenti sono indispensabili per fornirti il servizio che chiedi e, per legge, non richiedono il consenso. La tua scelta
            sui cookie è salvata proprio per rispettarla: anche questa memorizzazione è tecnica.
          </p>
          <StoredItems items={storage} labels={labels} />
          <p>Nessun cookie persistente dura più di 30 giorni.</p>
        </LegalSection>

        <LegalSection title="2. Pubblicità (solo con il tuo consenso)">
          <p>
            Nei piani Ospite e Registrato il servizio mostra spazi pubblicitari; il piano Premium non ha pubblicità. Gli spazi compaiono
            solo se accetti nel banner dei cookie: per chi si trova nell'Unione europea, nello Spazio economico europeo, nel Regno Unito o
            in Svizzera il consenso è richiesto dalla legge, e noi lo chiediamo a tutti.
          </p>
          <p>
            Oggi questi spazi promuovono soltanto il nostro piano Premium: sono serviti da Lightpix stesso e non impostano alcun cookie. Se
            in futuro affidassimo gli spazi a un circuito pubblicitario, il suo nome e i suoi cookie compariranno in questa pagina, il
            circuito verrà caricato solo dopo il tuo consenso e ti chiederemo di nuovo di scegliere.
          </p>
        </LegalSection>

        <LegalSection title="3. Come cambiare idea">
          <ul className={listClass}>
            <li>
              Usa il link «Impostazioni cookie» in fondo a ogni pagina: riapre il banner, dove puoi accettare o rifiutare. Rifiutare non
              limita alcuna funzione del servizio.
            </li>
            <li>
              Puoi anche cancellare cookie e dati dei siti dalle impostazioni del browser; se cancelli il cookie di sessione uscirai
              dall'account; i limiti degli ospiti restano comunque legati anche all'indirizzo IP.
            </li>
          </ul>
        </LegalSection>

        <LegalSection title="4. Titolare e diritti">
          <p>
            Il titolare è il gestore del servizio Lightpix. Come trattiamo i dati e come esercitare i tuoi diritti è spiegato nell'
            <Link to="/privacy-policy" className="font-medium text-brand-700 underline hover:text-brand-800">
              Informativa sulla privacy
            </Link>
            .
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  imprint: {
    title: 'Note legali',
    body: ({ operator }) => (
      <>
        <p>Chi fornisce questo sito, come richiedono le norme sui servizi della società dell'informazione.</p>
        <OperatorDetails operator={operator} words={operatorWords} authority />
        <p>
          Per contattarci scrivici dalla pagina{' '}
          <Link to="/contact" className={linkClass}>
            Contatti
          </Link>{' '}
          o all'indirizzo e-mail indicato sopra.
        </p>
      </>
    ),
  },
};
