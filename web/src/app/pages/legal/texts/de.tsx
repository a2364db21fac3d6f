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

const labels = { kind: 'Art', purpose: 'Zweck', duration: 'Dauer' };

const storage = [
  {
    name: 'lightpix_session',
    kind: 'Technisches Cookie (HttpOnly)',
    purpose: 'Hält deine Sitzung offen: Gast oder angemeldet, Tarif und Nutzungsgrenzen.',
    duration: 'Höchstens 30 Tage',
  },
  {
    name: 'lightpix_device',
    kind: 'Technisches Cookie (HttpOnly)',
    purpose:
      'Wird gesetzt, wenn in diesem Browser ein Konto erstellt wird, damit dasselbe Gerät nicht unbegrenzt Konten erstellen kann. Enthält nur eine Zufallszahl.',
    duration: '30 Tage',
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: 'Browser-Speicher (localStorage)',
    purpose: 'Merkt sich, ob du Werbung zugestimmt oder sie abgelehnt hast, damit wir nicht auf jeder Seite fragen.',
    duration: `${CONSENT_MAX_AGE_DAYS / 30} Monate, dann fragen wir dich erneut`,
  },
  {
    name: 'language',
    kind: 'Browser-Speicher (localStorage)',
    purpose: 'Merkt sich die Sprache, die du für die Oberfläche gewählt hast.',
    duration: 'Bis du sie im Browser löschst',
  },
];

const operatorWords: OperatorWords = {
  name: 'Name',
  address: 'Anschrift',
  email: 'E-Mail',
  companyNumber: 'USt-IdNr. oder Registernummer',
  supervisoryAuthority: 'Datenschutz-Aufsichtsbehörde',
  missing: 'vom Betreiber noch nicht angegeben',
};

/** The right to complain, with the supervisory authority the operator named (OPERATOR_SUPERVISORY_AUTHORITY), or without. */
const complaint = (authority: string | null) =>
  authority === null
    ? 'Du hast außerdem das Recht, dich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, insbesondere bei der des Landes, in dem du lebst oder arbeitest; der Betreiber hat seine eigene Aufsichtsbehörde noch nicht angegeben.'
    : `Du hast außerdem das Recht, dich bei der Aufsichtsbehörde, ${authority}, oder bei der Aufsichtsbehörde des Landes zu beschweren, in dem du lebst oder arbeitest.`;

/** A translation of texts/it.tsx, the reference. */
export const texts: LegalTexts = {
  revised: 'Zuletzt aktualisiert:',
  home: 'Zurück zur Startseite',
  terms: {
    title: 'Allgemeine Geschäftsbedingungen',
    body: ({ plans: { guest, registered, premium }, retentionHours, operator }, say) => (
      <>
        <p>
          Diese Bedingungen regeln die Nutzung von Lightpix, dem Online-Dienst zum Komprimieren, Skalieren und Umwandeln von Bildern (und,
          mit Premium, von PowerPoint-Präsentationen). Mit der Nutzung des Dienstes akzeptierst du sie; wenn du sie nicht akzeptierst, nutze
          den Dienst nicht.
        </p>

        <LegalSection title="1. Der Dienst">
          <p>
            Lightpix verarbeitet die Dateien, die du hochlädst, mit den Einstellungen, die du wählst, und gibt dir ein Ergebnis zum
            Herunterladen zurück. Die Originaldatei wird nach der Verarbeitung nicht aufbewahrt; das Ergebnis kann{' '}
            <Fact name="retention">{say.hours(retentionHours)}</Fact> lang heruntergeladen werden und wird dann automatisch gelöscht.
            Bewahre selbst eine Kopie der Ergebnisse auf, die du brauchst.
          </p>
        </LegalSection>

        <LegalSection title="2. Tarife und Nutzungsgrenzen">
          <p>Es gelten die hier genannten Grenzen, die der Dienst aus seiner eigenen Konfiguration liest:</p>
          <ul className={listClass}>
            <li>
              <strong>Gast</strong>, ohne Registrierung: <Fact name="allowance-guest">{say.allowance(guest)}</Fact>, gezählt sowohl pro
              Sitzung als auch pro IP-Adresse (es gilt die strengere Grenze), eine Datei auf einmal, Ergebnisse als {say.formats(guest)},
              mit Werbung.
            </li>
            <li>
              <strong>Registriert</strong>, kostenlos: <Fact name="allowance-registered">{say.allowance(registered)}</Fact> (Kalendermonat,
              UTC), eine Datei auf einmal, Ergebnisse als {say.formats(registered)}, Verlauf der Verarbeitungen, weniger Werbung.
            </li>
            <li>
              <strong>Premium</strong>, kostenpflichtig: <Fact name="allowance-premium">{say.allowance(premium)}</Fact>, bis zu{' '}
              {premium.filesPerSelection} Dateien auf einmal, alle Formate, PowerPoint-Dateien, Verlauf und keine Werbung.
            </li>
          </ul>
          <p>
            Jede verarbeitete Datei, ob Bild oder Präsentation, zählt als eine Einheit; eine abgelehnte oder fehlgeschlagene Datei zählt
            nicht. Bilder dürfen bis zu {say.megabytes(guest.maxImageBytes)} groß sein, Präsentationen bis zu{' '}
            {say.megabytes(premium.maxPresentationBytes)}.
          </p>
        </LegalSection>

        <LegalSection title="3. Konto">
          <p>
            Um dich zu registrieren, musst du mindestens 16 Jahre alt sein und wahre Angaben machen. Du bist dafür verantwortlich, dein
            Passwort geheim zu halten, und für das, was mit deinem Konto geschieht. Wir können ein Konto sperren, das entgegen diesen
            Bedingungen genutzt wird; seine offenen Sitzungen werden dann beendet.
          </p>
        </LegalSection>

        <LegalSection title="4. Premium: Preis, Zahlung und Kündigung">
          <ul className={listClass}>
            <li>
              Premium kostet <Fact name="price">{say.price(premium.priceEurCents)}</Fact> im Monat, monatlich im Voraus über den
              Zahlungsdienstleister Stripe abgebucht.
            </li>
            <li>
              Du kannst jederzeit ohne Vertragsstrafe kündigen: Die Kündigung wird zum Ende des bereits bezahlten Zeitraums wirksam, bis zu
              dem Premium aktiv bleibt, und es wird nichts mehr abgebucht.
            </li>
            <li>
              Als Verbraucher kannst du innerhalb von 14 Tagen nach Abschluss des Abonnements widerrufen (Art. 52 ff. des italienischen
              Verbrauchergesetzbuchs, Codice del consumo). Da du verlangst, dass der Dienst sofort beginnt, wird dir bei einem Widerruf nur
              der bereits genutzte Teil des Zeitraums berechnet.
            </li>
            <li>Premium wird nur aufgrund der Zahlungsbestätigungen aktiviert und deaktiviert, die wir von Stripe erhalten.</li>
          </ul>
        </LegalSection>

        <LegalSection title="5. Erlaubte Nutzung und Inhalte">
          <p>
            Die Dateien, die du hochlädst, bleiben deine: Du räumst uns nur das Recht ein, sie zu verarbeiten, um dir den Dienst zu
            erbringen. Du musst berechtigt sein, sie zu verwenden. Nicht erlaubt ist:
          </p>
          <ul className={listClass}>
            <li>rechtswidrige Inhalte oder Inhalte hochzuladen, die Rechte Dritter verletzen;</li>
            <li>die Grenzen der Tarife zu umgehen, zum Beispiel mit mehreren Sitzungen oder Adressen oder mit automatisierten Anfragen;</li>
            <li>die Sicherheit oder den Betrieb des Dienstes zu beeinträchtigen.</li>
          </ul>
        </LegalSection>

        <LegalSection title="6. Verfügbarkeit und Haftung">
          <p>
            Wir tun alles, damit der Dienst stets verfügbar ist und die Ergebnisse korrekt sind, können aber keinen unterbrechungsfreien
            Betrieb garantieren. Soweit gesetzlich zulässig, haften wir nicht für mittelbare Schäden; unberührt bleiben die Haftung für
            Vorsatz und grobe Fahrlässigkeit (Art. 1229 des italienischen Zivilgesetzbuchs) und die Rechte, die das Verbrauchergesetzbuch
            Verbrauchern gewährt.
          </p>
        </LegalSection>

        <LegalSection title="7. Änderungen der Bedingungen">
          <p>
            Wir können diese Bedingungen ändern, zum Beispiel wenn sich die Tarife oder die Grenzen ändern. Änderungen kündigen wir
            mindestens <strong>30 Tage</strong> im Voraus auf der Website und registrierten Nutzern per E-Mail an. Wenn du sie nicht
            akzeptierst, kannst du den Dienst nicht mehr nutzen oder Premium kündigen, bevor sie in Kraft treten.
          </p>
        </LegalSection>

        <LegalSection title="8. Personenbezogene Daten">
          <p>
            Wir verarbeiten deine Daten wie in der{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Datenschutzerklärung
            </Link>{' '}
            und der{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie-Richtlinie
            </Link>{' '}
            beschrieben.
          </p>
        </LegalSection>

        <LegalSection title="9. Anwendbares Recht und Kontakt">
          <p>
            Für diese Bedingungen gilt italienisches Recht. Als Verbraucher sind die Gerichte deines Wohnorts zuständig, und die zwingenden
            Vorschriften deines Landes bleiben unberührt. Bei Fragen schreib uns über die Seite{' '}
            <Link to="/contact" className={linkClass}>
              Kontakt
            </Link>
            .
          </p>
          <p>Anbieter des Dienstes:</p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  privacy: {
    title: 'Datenschutzerklärung',
    body: ({ retentionHours, retention, operator }, say) => (
      <>
        <p>
          Diese Erklärung beschreibt, welche personenbezogenen Daten Lightpix, der Online-Dienst zum Komprimieren, Skalieren und Umwandeln
          von Bildern und Präsentationen, verarbeitet, warum, wie lange sie aufbewahrt werden und welche Rechte du hast.
        </p>

        <LegalSection title="1. Verantwortlicher">
          <p>
            Verantwortlicher ist der Betreiber des Dienstes Lightpix („wir“). Für jede Anfrage zum Datenschutz, auch zur Ausübung deiner
            Rechte, schreib uns über die Seite{' '}
            <Link to="/contact" className={linkClass}>
              Kontakt
            </Link>
            : Wir antworten innerhalb eines Monats, wie es Art. 12 DSGVO vorsieht.
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>

        <LegalSection title="2. Welche Daten wir verarbeiten, warum und wie lange">
          <SubHeading>a) Bilder und Präsentationen, die du hochlädst</SubHeading>
          <p>
            Die Originaldatei wird im Arbeitsspeicher oder in einer temporären Datei verarbeitet und nach der Anfrage nicht aufbewahrt. Das
            Ergebnis wird nur aufbewahrt, damit du es herunterladen kannst, und zwar{' '}
            <Fact name="retention">{say.hours(retentionHours)}</Fact> lang; danach wird es automatisch gelöscht. Ein Ergebnis kann nur aus
            der Sitzung oder dem Konto heruntergeladen werden, das es erzeugt hat. Sofern du nichts anderes wählst, entfernen wir Metadaten
            (EXIF, GPS-Standort, Kommentare) aus den Ergebnissen. Rechtsgrundlage: Erbringung des von dir angeforderten Dienstes (Art. 6
            Abs. 1 lit. b DSGVO).
          </p>
          <SubHeading>b) Verarbeitungsprotokoll und Nutzungsgrenzen</SubHeading>
          <p>
            Für jede verarbeitete Datei speichern wir Datum und Uhrzeit, Name und Größe der Datei, Format und Qualität des Ergebnisses sowie
            die IP-Adresse, von der sie kam. Wir brauchen diese Angaben, um die Nutzungsgrenzen der Tarife anzuwenden (für Gäste gilt die
            Grenze pro Sitzung und pro IP-Adresse), um Missbrauch zu verhindern und um registrierten Nutzern den Verlauf zu zeigen. Dieses
            Protokoll enthält das Bild nicht. Rechtsgrundlage: Vertragserfüllung und unser berechtigtes Interesse an der Verhinderung von
            Missbrauch (Art. 6 Abs. 1 lit. b und f DSGVO). Einträge, die älter als{' '}
            <Fact name="retention-usage">{say.days(retention.usageDays)}</Fact> sind, behalten nur Datum, Größen und Format: Dateiname,
            IP-Adresse und Konto werden gelöscht.
          </p>
          <SubHeading>c) Konto</SubHeading>
          <p>
            Wenn du dich registrierst, verarbeiten wir E-Mail-Adresse, Vorname, Nachname, Benutzername, gebuchten Tarif und
            Registrierungsdatum. Das Passwort wird nur als nicht umkehrbarer kryptografischer Hash (argon2id) gespeichert. Diese Daten
            bewahren wir auf, solange das Konto besteht; du kannst es jederzeit selbst auf der Seite „Konto“ löschen, wodurch das Abonnement
            sofort gekündigt und Konto, Ergebnisse, Verlauf, Sitzungen und API-Schlüssel gelöscht werden (es bleiben nur die
            Abrechnungsdaten aus Punkt e). Rechtsgrundlage: Vertragserfüllung (Art. 6 Abs. 1 lit. b DSGVO). Änderungen, die unser Support an
            deinem Konto vornimmt (zum Beispiel eine Deaktivierung), werden mit ihrem Urheber protokolliert, aus unserem berechtigten
            Interesse. Diese Aufzeichnung bewahren wir <Fact name="retention-audit">{say.days(retention.auditDays)}</Fact> lang auf; sie
            nennt dein Konto nur mit einer internen Nummer. Wird ein Konto gelöscht, werden auch die Nachrichten gelöscht, die von ihm oder
            von seiner E-Mail-Adresse geschickt wurden.
          </p>
          <SubHeading>d) Nachrichten, die du uns schickst</SubHeading>
          <p>
            Wenn du das Kontaktformular nutzt, verarbeiten wir Name, E-Mail-Adresse, Betreff und Text der Nachricht, um dir zu antworten.
            Wir bewahren sie ab ihrem Eingang <Fact name="retention-contact">{say.days(retention.contactMessagesDays)}</Fact> lang auf,
            danach werden sie automatisch gelöscht; du kannst ihre Löschung jederzeit früher verlangen. Rechtsgrundlage: vorvertragliche
            Maßnahmen oder unser berechtigtes Interesse an einer Antwort (Art. 6 Abs. 1 lit. b und f DSGVO).
          </p>
          <SubHeading>e) Zahlungen und Abrechnung</SubHeading>
          <p>
            Das Premium-Abonnement wird über Stripe bezahlt: Kartendaten werden direkt bei Stripe eingegeben und verarbeitet und erreichen
            nie unsere Server. Abrechnungsdaten (Kundenkennung, Status und Daten des Abonnements bei uns; Beträge und Daten der Zahlungen
            bei Stripe) werden <strong>10 Jahre</strong> lang aufbewahrt, wie es das italienische Recht zur Aufbewahrung von
            Buchungsunterlagen verlangt (Art. 2220 des Zivilgesetzbuchs). Rechtsgrundlage: Vertrag und rechtliche Verpflichtung (Art. 6 Abs.
            1 lit. b und c DSGVO).
          </p>
          <SubHeading>f) Technische Protokolle</SubHeading>
          <p>
            Die Server speichern in technischen Protokollen IP-Adresse, Datum und Uhrzeit sowie die Adresse der Anfragen, zur Sicherheit und
            zur Fehlerbehebung. Die Protokolle werden <strong>höchstens 90 Tage</strong> aufbewahrt. Rechtsgrundlage: unser berechtigtes
            Interesse an der Sicherheit des Dienstes (Art. 6 Abs. 1 lit. f DSGVO).
          </p>
          <SubHeading>g) Cookies und Browser-Speicher</SubHeading>
          <p>
            Wir verwenden nur ein technisches Sitzungscookie, das höchstens 30 Tage gilt, und den Browser-Speicher, um uns die Sprache und
            deine Cookie-Entscheidung zu merken. Werbung wird nur mit deiner Einwilligung gezeigt. Die Einzelheiten stehen in der{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie-Richtlinie
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="3. An wen wir Daten weitergeben">
          <p>
            Die Daten werden von uns und in unserem Auftrag von Dienstleistern verarbeitet, die als Auftragsverarbeiter bestellt sind (Art.
            28 DSGVO):
          </p>
          <ul className={listClass}>
            <li>dem Anbieter der Kartenzahlungen, Stripe, zum Einzug des Premium-Abonnements;</li>
            <li>dem E-Mail-Versanddienst, über den wir die Nachrichten aus dem Kontaktformular und unsere Antworten zustellen;</li>
            <li>dem Anbieter der Infrastruktur, auf der der Dienst läuft.</li>
          </ul>
          <p>
            Wir verkaufen deine Daten nicht und nutzen sie nicht für Profiling. Verarbeitet ein Dienstleister Daten außerhalb des
            Europäischen Wirtschaftsraums, erfolgt die Übermittlung nur mit den Garantien der Art. 44–49 DSGVO (Angemessenheitsbeschluss,
            wie das EU-US Data Privacy Framework, oder Standardvertragsklauseln der Europäischen Kommission).
          </p>
        </LegalSection>

        <LegalSection title="4. Minderjährige">
          <p>
            Lightpix richtet sich nicht an Personen unter 16 Jahren, und wir erheben ihre Daten nicht wissentlich. Wenn du glaubst, dass uns
            eine minderjährige Person personenbezogene Daten gegeben hat, schreib uns, und wir löschen sie.
          </p>
        </LegalSection>

        <LegalSection title="5. Deine Rechte">
          <p>Du kannst von uns jederzeit kostenlos verlangen:</p>
          <ul className={listClass}>
            <li>Auskunft über deine Daten und eine Kopie davon (Art. 15);</li>
            <li>die Berichtigung unrichtiger Daten (Art. 16) und die Löschung (Art. 17);</li>
            <li>die Einschränkung der Verarbeitung (Art. 18) und die Übertragbarkeit der Daten, die du uns gegeben hast (Art. 20);</li>
            <li>Widerspruch gegen Verarbeitungen auf Grundlage unseres berechtigten Interesses (Art. 21);</li>
            <li>
              den Widerruf deiner Einwilligung in Werbung, ohne Folgen für frühere Verarbeitungen, über „Cookie-Einstellungen“ am Ende jeder
              Seite.
            </li>
          </ul>
          <p>
            Eine Kopie deiner Daten kannst du dir auch jederzeit selbst holen: Auf der Seite{' '}
            <Link to="/account" className={linkClass}>
              Konto
            </Link>{' '}
            bereitet „Meine Daten herunterladen“ eine ZIP-Datei mit deinem Konto, deinem Tarif, den Angaben zu deinem Abo und deinen
            Rechnungen, den Namen deiner API-Schlüssel, dem Verlauf deiner Ergebnisse, deinen Nachrichten an uns und den noch gespeicherten
            Ergebnisdateien vor, in einem dokumentierten, maschinenlesbaren Format (JSON). Nur du kannst sie herunterladen, angemeldet,{' '}
            <Fact name="retention-export">{say.hours(retentionHours)}</Fact> lang; danach wird sie gelöscht.
          </p>
          <p>{complaint(operator.supervisoryAuthority)}</p>
        </LegalSection>

        <LegalSection title="6. Sicherheit">
          <p>
            Wir schützen die Daten mit angemessenen technischen und organisatorischen Maßnahmen: Passwörter nur als kryptografischer Hash
            gespeichert, Zugriff auf Ergebnisse nur für diejenigen, die sie erzeugt haben, automatische Löschung abgelaufener Dateien und
            Zugang zu den Verwaltungsbereichen nur für befugtes Personal.
          </p>
        </LegalSection>

        <LegalSection title="7. Änderungen dieser Erklärung">
          <p>
            Wenn wir diese Erklärung ändern, aktualisieren wir das Datum oben auf der Seite; wesentliche Änderungen kündigen wir auf der
            Website und registrierten Nutzern per E-Mail an.
          </p>
        </LegalSection>
      </>
    ),
  },
  cookies: {
    title: 'Cookie-Richtlinie',
    body: ({ operator }) => (
      <>
        <p>
          Diese Seite erklärt, welche Cookies und welche anderen Informationen Lightpix in deinem Browser speichert. Kurz gesagt: Ohne deine
          Einwilligung verwenden wir nur technische Mittel, die der Dienst zum Funktionieren braucht; keine Analysedienste Dritter, kein
          Profiling.
        </p>

        <LegalSection title="1. Technische Mittel (immer aktiv)">
          <p>
            Diese Mittel sind unverzichtbar, um dir den gewünschten Dienst zu erbringen, und brauchen laut Gesetz keine Einwilligung. Deine
            Cookie-Entscheidung wird gerade deshalb gespeichert, um sie zu respektieren: Auch diese Speicherung ist technisch.
          </p>
          <StoredItems items={storage} labels={labels} />
          <p>Kein dauerhaftes Cookie gilt länger als 30 Tage.</p>
        </LegalSection>

        <LegalSection title="2. Werbung (nur mit deiner Einwilligung)">
          <p>
            In den Tarifen Gast und Registriert zeigt der Dienst Werbeflächen; der Tarif Premium ist werbefrei. Die Flächen erscheinen nur,
            wenn du im Cookie-Banner zustimmst: Für Personen in der Europäischen Union, im Europäischen Wirtschaftsraum, im Vereinigten
            Königreich oder in der Schweiz ist die Einwilligung gesetzlich vorgeschrieben, und wir fragen alle danach.
          </p>
          <p>
            Heute werben diese Flächen nur für unseren eigenen Premium-Tarif: Sie werden von Lightpix selbst ausgeliefert und setzen keine
            Cookies. Sollten wir die Flächen künftig einem Werbenetzwerk überlassen, erscheinen sein Name und seine Cookies auf dieser
            Seite, das Netzwerk wird erst nach deiner Einwilligung geladen und wir bitten dich erneut um deine Entscheidung.
          </p>
        </LegalSection>

        <LegalSection title="3. So änderst du deine Entscheidung">
          <ul className={listClass}>
            <li>
              Nutze den Link „Cookie-Einstellungen“ am Ende jeder Seite: Er öffnet das Banner erneut, wo du zustimmen oder ablehnen kannst.
              Ablehnen schränkt keine Funktion des Dienstes ein.
            </li>
            <li>
              Du kannst Cookies und Websitedaten auch in den Einstellungen deines Browsers löschen; löschst du das Sitzungscookie, wirst du
              abgemeldet; die Grenzen für Gäste bleiben trotzdem auch an die IP-Adresse gebunden.
            </li>
          </ul>
        </LegalSection>

        <LegalSection title="4. Verantwortlicher und Rechte">
          <p>
            Verantwortlicher ist der Betreiber des Dienstes Lightpix. Wie wir Daten verarbeiten und wie du deine Rechte ausübst, steht in
            der{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Datenschutzerklärung
            </Link>
            .
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  imprint: {
    title: 'Impressum',
    body: ({ operator }) => (
      <>
        <p>Angaben zum Anbieter dieser Website (§ 5 DDG).</p>
        <OperatorDetails operator={operator} words={operatorWords} authority />
        <p>
          Du erreichst uns über die Seite{' '}
          <Link to="/contact" className={linkClass}>
            Kontakt
          </Link>{' '}
          oder die oben genannte E-Mail-Adresse.
        </p>
      </>
    ),
  },
};
