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

const labels = { kind: 'Rodzaj', purpose: 'Cel', duration: 'Czas przechowywania' };

const consentMonths = CONSENT_MAX_AGE_DAYS / 30;
const monthWords: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'miesiąc', few: 'miesiące', many: 'miesięcy' };
const months = `${consentMonths} ${monthWords[new Intl.PluralRules('pl').select(consentMonths)] ?? 'miesiąca'}`;

const storage = [
  {
    name: 'lightpix_session',
    kind: 'Techniczny plik cookie (HttpOnly)',
    purpose: 'Podtrzymuje Twoją sesję: gość lub zalogowany użytkownik, plan i limity korzystania.',
    duration: 'Najwyżej 30 dni',
  },
  {
    name: 'lightpix_device',
    kind: 'Techniczny plik cookie (HttpOnly)',
    purpose:
      'Ustawiany przy zakładaniu konta w tej przeglądarce, aby to samo urządzenie nie mogło zakładać kont bez ograniczeń. Zawiera tylko losową liczbę.',
    duration: '30 dni',
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: 'Pamięć przeglądarki (localStorage)',
    purpose: 'Zapamiętuje, czy zgoda na reklamy została udzielona, czy nie, żeby nie pytać o to na każdej stronie.',
    duration: `${months}, potem pytamy ponownie`,
  },
  {
    name: 'language',
    kind: 'Pamięć przeglądarki (localStorage)',
    purpose: 'Zapamiętuje język wybrany dla interfejsu.',
    duration: 'Do czasu usunięcia go z przeglądarki',
  },
];

const operatorWords: OperatorWords = {
  name: 'Nazwa',
  address: 'Adres',
  email: 'E-mail',
  companyNumber: 'NIP lub numer rejestrowy',
  supervisoryAuthority: 'Organ nadzorczy ds. ochrony danych',
  missing: 'operator jeszcze tego nie uzupełnił',
};

/** The right to complain, with the supervisory authority the operator named (OPERATOR_SUPERVISORY_AUTHORITY), or without. */
const complaint = (authority: string | null) =>
  authority === null
    ? 'Masz również prawo wnieść skargę do organu nadzorczego ds. ochrony danych, w szczególności w kraju, w którym mieszkasz lub pracujesz; operator nie wskazał jeszcze swojego organu nadzorczego.'
    : `Masz również prawo wnieść skargę do organu nadzorczego, ${authority}, lub do organu nadzorczego kraju, w którym mieszkasz lub pracujesz.`;

/** A translation of texts/it.tsx, the reference. */
export const texts: LegalTexts = {
  revised: 'Ostatnia aktualizacja:',
  home: 'Wróć na stronę główną',
  terms: {
    title: 'Regulamin usługi',
    body: ({ plans: { guest, registered, premium }, retentionHours, operator }, say) => (
      <>
        <p>
          Niniejszy regulamin określa zasady korzystania z Lightpix, usługi online do kompresowania, zmiany rozmiaru i konwertowania obrazów
          (a w planie Premium także prezentacji PowerPoint). Korzystając z usługi, akceptujesz regulamin; jeśli go nie akceptujesz, nie
          korzystaj z usługi.
        </p>

        <LegalSection title="1. Usługa">
          <p>
            Lightpix przetwarza przesłane przez Ciebie pliki zgodnie z wybranymi ustawieniami i zwraca wynik do pobrania. Oryginalny plik
            nie jest przechowywany po przetworzeniu; wynik można pobierać przez <Fact name="retention">{say.hours(retentionHours)}</Fact>, a
            potem jest automatycznie usuwany. Zachowaj własną kopię wyników, których potrzebujesz.
          </p>
        </LegalSection>

        <LegalSection title="2. Plany i limity korzystania">
          <p>Obowiązują limity podane poniżej, które usługa odczytuje z własnej konfiguracji:</p>
          <ul className={listClass}>
            <li>
              <strong>Gość</strong>, bez rejestracji: <Fact name="allowance-guest">{say.allowance(guest)}</Fact>, liczone zarówno na sesję,
              jak i na adres IP (obowiązuje ostrzejszy limit), jeden plik naraz, wyniki w formatach {say.formats(guest)}, z reklamami.
            </li>
            <li>
              <strong>Zarejestrowany</strong>, bezpłatny: <Fact name="allowance-registered">{say.allowance(registered)}</Fact> (miesiąc
              kalendarzowy, UTC), jeden plik naraz, wyniki w formatach {say.formats(registered)}, historia przetwarzania, mniej reklam.
            </li>
            <li>
              <strong>Premium</strong>, płatny: <Fact name="allowance-premium">{say.allowance(premium)}</Fact>, do{' '}
              {premium.filesPerSelection} plików naraz, wszystkie formaty, pliki PowerPoint, historia i brak reklam.
            </li>
          </ul>
          <p>
            Każdy przetworzony plik, obraz lub prezentacja, liczy się jako jedna jednostka; plik odrzucony lub nieprzetworzony się nie
            liczy. Obrazy mogą mieć do {say.megabytes(guest.maxImageBytes)}, prezentacje do {say.megabytes(premium.maxPresentationBytes)}.
          </p>
        </LegalSection>

        <LegalSection title="3. Konto">
          <p>
            Aby się zarejestrować, musisz mieć co najmniej 16 lat i podać prawdziwe dane. Odpowiadasz za zachowanie hasła w tajemnicy i za
            to, co dzieje się na Twoim koncie. Możemy zawiesić konto używane niezgodnie z regulaminem; jego otwarte sesje zostają wtedy
            zamknięte.
          </p>
        </LegalSection>

        <LegalSection title="4. Premium: cena, płatność i rezygnacja">
          <ul className={listClass}>
            <li>
              Premium kosztuje <Fact name="price">{say.price(premium.priceEurCents)}</Fact> miesięcznie, pobierane co miesiąc z góry za
              pośrednictwem operatora płatności Stripe.
            </li>
            <li>
              Możesz zrezygnować w każdej chwili, bez kar: rezygnacja działa z końcem już opłaconego okresu, do którego Premium pozostaje
              aktywne, i nie będzie kolejnych obciążeń.
            </li>
            <li>
              Jeśli jesteś konsumentem, możesz odstąpić od umowy w ciągu 14 dni od jej zawarcia (art. 52 i nast. włoskiego kodeksu
              konsumenckiego, Codice del consumo). Ponieważ prosisz o rozpoczęcie świadczenia usługi od razu, w razie odstąpienia zapłacisz
              tylko za wykorzystaną część okresu.
            </li>
            <li>Premium jest włączane i wyłączane wyłącznie na podstawie potwierdzeń płatności, które otrzymujemy od Stripe.</li>
          </ul>
        </LegalSection>

        <LegalSection title="5. Dozwolone korzystanie i treści">
          <p>
            Przesyłane pliki pozostają Twoje: udzielasz nam jedynie prawa do ich przetwarzania w celu świadczenia usługi. Musisz mieć prawo
            do korzystania z nich. Zabronione jest:
          </p>
          <ul className={listClass}>
            <li>przesyłanie treści niezgodnych z prawem lub naruszających prawa osób trzecich;</li>
            <li>obchodzenie limitów planów, na przykład za pomocą wielu sesji lub adresów albo zautomatyzowanych żądań;</li>
            <li>naruszanie bezpieczeństwa lub działania usługi.</li>
          </ul>
        </LegalSection>

        <LegalSection title="6. Dostępność i odpowiedzialność">
          <p>
            Robimy wszystko, aby usługa była zawsze dostępna, a wyniki poprawne, ale nie możemy zagwarantować działania bez przerw. W
            granicach dopuszczalnych przez prawo nie odpowiadamy za szkody pośrednie; nie dotyczy to odpowiedzialności za winę umyślną lub
            rażące niedbalstwo (art. 1229 włoskiego kodeksu cywilnego) ani praw, które kodeks konsumencki przyznaje konsumentom.
          </p>
        </LegalSection>

        <LegalSection title="7. Zmiany regulaminu">
          <p>
            Możemy zmieniać regulamin, na przykład gdy zmieniają się plany lub limity. Zmiany ogłaszamy z co najmniej{' '}
            <strong>30-dniowym</strong> wyprzedzeniem na stronie, a zarejestrowanym użytkownikom także e-mailem. Jeśli ich nie akceptujesz,
            możesz przestać korzystać z usługi lub zrezygnować z Premium, zanim wejdą w życie.
          </p>
        </LegalSection>

        <LegalSection title="8. Dane osobowe">
          <p>
            Przetwarzamy Twoje dane zgodnie z opisem w{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Polityce prywatności
            </Link>{' '}
            i{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Polityce cookies
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="9. Prawo właściwe i kontakt">
          <p>
            Regulamin podlega prawu włoskiemu. Jeśli jesteś konsumentem, właściwy jest sąd miejsca Twojego zamieszkania, a bezwzględnie
            obowiązujące przepisy Twojego kraju pozostają w mocy. W razie pytań napisz do nas przez stronę{' '}
            <Link to="/contact" className={linkClass}>
              Kontakt
            </Link>
            .
          </p>
          <p>Usługodawca:</p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  privacy: {
    title: 'Polityka prywatności',
    body: ({ retentionHours, retention, operator }, say) => (
      <>
        <p>
          Ta polityka wyjaśnia, jakie dane osobowe przetwarza Lightpix, usługa online do kompresowania, zmiany rozmiaru i konwertowania
          obrazów i prezentacji, dlaczego je przetwarza, jak długo je przechowuje i jakie masz prawa.
        </p>

        <LegalSection title="1. Administrator danych">
          <p>
            Administratorem danych jest operator usługi Lightpix („my”). W każdej sprawie dotyczącej prywatności, także w celu skorzystania
            ze swoich praw, napisz do nas przez stronę{' '}
            <Link to="/contact" className={linkClass}>
              Kontakt
            </Link>
            : odpowiadamy w ciągu miesiąca, zgodnie z art. 12 RODO.
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>

        <LegalSection title="2. Jakie dane przetwarzamy, dlaczego i jak długo">
          <SubHeading>a) Przesyłane obrazy i prezentacje</SubHeading>
          <p>
            Oryginalny plik jest przetwarzany w pamięci lub w pliku tymczasowym i nie jest przechowywany po zakończeniu żądania. Wynik
            przechowujemy tylko do pobrania, przez <Fact name="retention">{say.hours(retentionHours)}</Fact>, a potem jest automatycznie
            usuwany. Wynik można pobrać tylko z sesji lub konta, które go utworzyło. O ile nie wybierzesz inaczej, usuwamy z wyników
            metadane (EXIF, położenie GPS, komentarze). Podstawa prawna: wykonanie usługi, o którą prosisz (art. 6 ust. 1 lit. b RODO).
          </p>
          <SubHeading>b) Rejestr przetwarzania i limity korzystania</SubHeading>
          <p>
            Dla każdego przetworzonego pliku zapisujemy datę i godzinę, nazwę i rozmiar pliku, format i jakość wyniku oraz adres IP, z
            którego pochodzi. Potrzebujemy tych danych, aby stosować limity planów (dla gości limit obowiązuje na sesję i na adres IP),
            zapobiegać nadużyciom i pokazywać historię zarejestrowanym użytkownikom. Rejestr nie zawiera obrazu. Podstawa prawna: wykonanie
            umowy i nasz prawnie uzasadniony interes w zapobieganiu nadużyciom (art. 6 ust. 1 lit. b i f RODO). Wpis przechowujemy w całości
            przez <Fact name="retention-usage">{say.days(retention.usageDays)}</Fact>; potem zostają w nim tylko data, rozmiary i format, a
            nazwa pliku, adres IP i konto są usuwane.
          </p>
          <SubHeading>c) Konto</SubHeading>
          <p>
            Jeśli się rejestrujesz, przetwarzamy adres e-mail, imię, nazwisko, nazwę użytkownika, wykupiony plan i datę rejestracji. Hasło
            przechowujemy wyłącznie jako nieodwracalny skrót kryptograficzny (argon2id). Dane te przechowujemy, dopóki istnieje konto;
            możesz je w każdej chwili samodzielnie usunąć na stronie Konto, co od razu anuluje subskrypcję i usuwa konto, wyniki, historię,
            sesje i klucze API (zostają tylko dane rozliczeniowe z punktu e). Podstawa prawna: wykonanie umowy (art. 6 ust. 1 lit. b RODO).
            Zmiany wprowadzane na Twoim koncie przez nasz zespół pomocy (na przykład dezaktywacja) są rejestrowane wraz z ich autorem, w
            naszym prawnie uzasadnionym interesie. Ten zapis przechowujemy przez{' '}
            <Fact name="retention-audit">{say.days(retention.auditDays)}</Fact>; wskazuje on Twoje konto tylko wewnętrznym numerem. Po
            usunięciu konta usuwane są też wiadomości wysłane z niego lub z jego adresu e-mail.
          </p>
          <SubHeading>d) Wiadomości, które do nas wysyłasz</SubHeading>
          <p>
            Gdy korzystasz z formularza kontaktowego, przetwarzamy imię i nazwisko, adres e-mail, temat i treść wiadomości, aby Ci
            odpowiedzieć. Przechowujemy je przez <Fact name="retention-contact">{say.days(retention.contactMessagesDays)}</Fact> od ich
            otrzymania, a potem są automatycznie usuwane; w każdej chwili możesz zażądać ich wcześniejszego usunięcia. Podstawa prawna:
            działania przed zawarciem umowy lub nasz prawnie uzasadniony interes w udzieleniu odpowiedzi (art. 6 ust. 1 lit. b i f RODO).
          </p>
          <SubHeading>e) Płatności i rozliczenia</SubHeading>
          <p>
            Subskrypcja Premium jest opłacana przez Stripe: dane karty są wprowadzane i przetwarzane bezpośrednio przez Stripe i nigdy nie
            trafiają na nasze serwery. Dane rozliczeniowe (identyfikator klienta, status i daty subskrypcji u nas; kwoty i daty płatności w
            Stripe) przechowujemy przez <strong>10 lat</strong>, jak wymaga tego prawo włoskie dotyczące przechowywania dokumentacji
            księgowej (art. 2220 kodeksu cywilnego). Podstawa prawna: umowa i obowiązek prawny (art. 6 ust. 1 lit. b i c RODO).
          </p>
          <SubHeading>f) Logi techniczne</SubHeading>
          <p>
            Serwery zapisują w logach technicznych adres IP, datę i godzinę oraz adres żądań, w celach bezpieczeństwa i usuwania awarii.
            Logi przechowujemy <strong>najwyżej 90 dni</strong>. Podstawa prawna: nasz prawnie uzasadniony interes w bezpieczeństwie usługi
            (art. 6 ust. 1 lit. f RODO).
          </p>
          <SubHeading>g) Pliki cookie i pamięć przeglądarki</SubHeading>
          <p>
            Używamy tylko jednego technicznego pliku cookie sesji, ważnego najwyżej 30 dni, oraz pamięci przeglądarki, aby zapamiętać język
            i Twój wybór dotyczący cookies. Reklamy wyświetlamy tylko za Twoją zgodą. Szczegóły znajdziesz w{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Polityce cookies
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="3. Komu przekazujemy dane">
          <p>Dane przetwarzamy my oraz, w naszym imieniu, dostawcy wyznaczeni jako podmioty przetwarzające (art. 28 RODO):</p>
          <ul className={listClass}>
            <li>operator płatności kartą, Stripe, w celu pobierania opłat za subskrypcję Premium;</li>
            <li>usługa wysyłki e-maili, z której korzystamy, by dostarczać wiadomości z formularza kontaktowego i nasze odpowiedzi;</li>
            <li>dostawca infrastruktury, na której działa usługa.</li>
          </ul>
          <p>
            Nie sprzedajemy Twoich danych i nie używamy ich do profilowania. Jeśli dostawca przetwarza dane poza Europejskim Obszarem
            Gospodarczym, przekazanie odbywa się wyłącznie z zabezpieczeniami przewidzianymi w art. 44–49 RODO (decyzja stwierdzająca
            odpowiedni stopień ochrony, jak EU-US Data Privacy Framework, lub standardowe klauzule umowne Komisji Europejskiej).
          </p>
        </LegalSection>

        <LegalSection title="4. Osoby niepełnoletnie">
          <p>
            Lightpix nie jest przeznaczony dla osób poniżej 16 lat i świadomie nie zbieramy ich danych. Jeśli uważasz, że osoba
            niepełnoletnia przekazała nam dane osobowe, napisz do nas, a je usuniemy.
          </p>
        </LegalSection>

        <LegalSection title="5. Twoje prawa">
          <p>W każdej chwili możesz bezpłatnie zażądać od nas:</p>
          <ul className={listClass}>
            <li>dostępu do swoich danych i ich kopii (art. 15);</li>
            <li>sprostowania nieprawidłowych danych (art. 16) i ich usunięcia (art. 17);</li>
            <li>ograniczenia przetwarzania (art. 18) i przeniesienia danych przekazanych nam przez Ciebie (art. 20);</li>
            <li>sprzeciwu wobec przetwarzania opartego na naszym prawnie uzasadnionym interesie (art. 21);</li>
            <li>wycofania zgody na reklamy, bez wpływu na wcześniejsze przetwarzanie, przez „Ustawienia cookies” na dole każdej strony.</li>
          </ul>
          <p>
            Kopię swoich danych możesz też w każdej chwili pobrać samodzielnie: na stronie{' '}
            <Link to="/account" className={linkClass}>
              Konto
            </Link>{' '}
            opcja „Pobierz moje dane” przygotowuje plik ZIP z Twoim kontem, planem, danymi subskrypcji i faktur, nazwami Twoich kluczy API,
            historią wyników, wiadomościami wysłanymi do nas i wciąż przechowywanymi plikami wyników, w udokumentowanym formacie
            odczytywalnym maszynowo (JSON). Tylko Ty możesz go pobrać, po zalogowaniu, przez{' '}
            <Fact name="retention-export">{say.hours(retentionHours)}</Fact>; potem zostaje usunięty.
          </p>
          <p>{complaint(operator.supervisoryAuthority)}</p>
        </LegalSection>

        <LegalSection title="6. Bezpieczeństwo">
          <p>
            Chronimy dane odpowiednimi środkami technicznymi i organizacyjnymi: hasła przechowywane wyłącznie jako skrót kryptograficzny,
            dostęp do wyników tylko dla tych, którzy je utworzyli, automatyczne usuwanie wygasłych plików oraz dostęp do paneli
            administracyjnych zastrzeżony dla upoważnionego personelu.
          </p>
        </LegalSection>

        <LegalSection title="7. Zmiany tej polityki">
          <p>
            Jeśli zmienimy tę politykę, aktualizujemy datę na górze strony; istotne zmiany ogłaszamy na stronie, a zarejestrowanym
            użytkownikom także e-mailem.
          </p>
        </LegalSection>
      </>
    ),
  },
  cookies: {
    title: 'Polityka cookies',
    body: ({ operator }) => (
      <>
        <p>
          Ta strona wyjaśnia, jakie pliki cookie i jakie inne informacje Lightpix zapisuje w Twojej przeglądarce. W skrócie: bez Twojej
          zgody używamy tylko narzędzi technicznych, niezbędnych do działania usługi; żadnej analityki firm trzecich, żadnego profilowania.
        </p>

        <LegalSection title="1. Narzędzia techniczne (zawsze włączone)">
          <p>
            Te narzędzia są niezbędne do świadczenia usługi, o którą prosisz, i zgodnie z prawem nie wymagają zgody. Twój wybór dotyczący
            cookies zapisujemy właśnie po to, by go respektować: to zapisanie również jest techniczne.
          </p>
          <StoredItems items={storage} labels={labels} />
          <p>Żaden trwały plik cookie nie działa dłużej niż 30 dni.</p>
        </LegalSection>

        <LegalSection title="2. Reklamy (tylko za Twoją zgodą)">
          <p>
            W planach Gość i Zarejestrowany usługa wyświetla miejsca reklamowe; plan Premium jest bez reklam. Miejsca te pojawiają się
            tylko, jeśli wyrazisz zgodę w banerze cookies: dla osób przebywających w Unii Europejskiej, Europejskim Obszarze Gospodarczym,
            Wielkiej Brytanii lub Szwajcarii zgoda jest wymagana przez prawo, a my prosimy o nią wszystkich.
          </p>
          <p>
            Dziś te miejsca promują wyłącznie nasz plan Premium: wyświetla je sam Lightpix i nie ustawiają żadnych plików cookie. Gdybyśmy w
            przyszłości powierzyli je sieci reklamowej, jej nazwa i pliki cookie pojawią się na tej stronie, sieć zostanie wczytana dopiero
            po Twojej zgodzie i poprosimy Cię o ponowny wybór.
          </p>
        </LegalSection>

        <LegalSection title="3. Jak zmienić zdanie">
          <ul className={listClass}>
            <li>
              Użyj linku „Ustawienia cookies” na dole każdej strony: ponownie otwiera baner, w którym możesz zaakceptować lub odrzucić.
              Odmowa nie ogranicza żadnej funkcji usługi.
            </li>
            <li>
              Możesz też usunąć pliki cookie i dane witryn w ustawieniach przeglądarki; usunięcie pliku cookie sesji wyloguje Cię z konta;
              limity dla gości i tak pozostają powiązane także z adresem IP.
            </li>
          </ul>
        </LegalSection>

        <LegalSection title="4. Administrator i prawa">
          <p>
            Administratorem jest operator usługi Lightpix. Jak przetwarzamy dane i jak skorzystać ze swoich praw, wyjaśnia{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Polityka prywatności
            </Link>
            .
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  imprint: {
    title: 'Nota prawna',
    body: ({ operator }) => (
      <>
        <p>Kto udostępnia tę stronę, zgodnie z przepisami o świadczeniu usług drogą elektroniczną.</p>
        <OperatorDetails operator={operator} words={operatorWords} authority />
        <p>
          Aby się z nami skontaktować, napisz ze strony{' '}
          <Link to="/contact" className={linkClass}>
            Kontakt
          </Link>{' '}
          lub na adres e-mail podany powyżej.
        </p>
      </>
    ),
  },
};
