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

const labels = { kind: 'Type', purpose: 'Purpose', duration: 'Duration' };

const storage = [
  {
    name: 'lightpix_session',
    kind: 'Technical cookie (HttpOnly)',
    purpose: 'Keeps your session open: guest or signed in, plan and usage limits.',
    duration: 'At most 30 days',
  },
  {
    name: 'lightpix_device',
    kind: 'Technical cookie (HttpOnly)',
    purpose:
      'Set when an account is created from this browser, so the same device cannot create accounts without limit. Holds only a random number.',
    duration: '30 days',
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: 'Browser storage (localStorage)',
    purpose: 'Remembers whether you accepted or rejected advertising, so we do not ask on every page.',
    duration: `${CONSENT_MAX_AGE_DAYS / 30} months, then we ask you again`,
  },
  {
    name: 'language',
    kind: 'Browser storage (localStorage)',
    purpose: 'Remembers the language you chose for the interface.',
    duration: 'Until you clear it from your browser',
  },
];

const operatorWords: OperatorWords = {
  name: 'Name',
  address: 'Address',
  email: 'E-mail',
  companyNumber: 'VAT or company number',
  supervisoryAuthority: 'Data protection supervisory authority',
  missing: 'not filled in yet by the operator',
};

/** The right to complain, with the supervisory authority the operator named (OPERATOR_SUPERVISORY_AUTHORITY), or without. */
const complaint = (authority: string | null) =>
  authority === null
    ? 'You also have the right to lodge a complaint with a data protection supervisory authority, in particular the one of the country where you live or work; the operator has not yet named its own supervisory authority.'
    : `You also have the right to lodge a complaint with the supervisory authority, ${authority}, or with the supervisory authority of the country where you live or work.`;

/** A translation of texts/it.tsx, the reference. */
export const texts: LegalTexts = {
  revised: 'Last updated:',
  home: 'Back to home',
  terms: {
    title: 'Terms of Service',
    body: ({ plans: { guest, registered, premium }, retentionHours, operator }, say) => (
      <>
        <p>
          These terms govern the use of Lightpix, the online service for compressing, resizing and converting images (and, with Premium,
          PowerPoint presentations). By using the service you accept them; if you do not accept them, do not use it.
        </p>

        <LegalSection title="1. The service">
          <p>
            Lightpix processes the files you upload with the settings you choose and gives you back a result to download. The original file
            is not kept after processing; the result can be downloaded for <Fact name="retention">{say.hours(retentionHours)}</Fact> and is
            then deleted automatically. Keep your own copy of the results you need.
          </p>
        </LegalSection>

        <LegalSection title="2. Plans and usage limits">
          <p>The limits in force are the ones stated here, which the service reads from its own configuration:</p>
          <ul className={listClass}>
            <li>
              <strong>Guest</strong>, without registration: <Fact name="allowance-guest">{say.allowance(guest)}</Fact>, counted both per
              session and per IP address (the stricter limit applies), one file at a time, results in {say.formats(guest)}, with
              advertising.
            </li>
            <li>
              <strong>Registered</strong>, free: <Fact name="allowance-registered">{say.allowance(registered)}</Fact> (calendar month, UTC),
              one file at a time, results in {say.formats(registered)}, processing history, fewer advertisements.
            </li>
            <li>
              <strong>Premium</strong>, paid: <Fact name="allowance-premium">{say.allowance(premium)}</Fact>, up to{' '}
              {premium.filesPerSelection} files at a time, every format, PowerPoint files, history and no advertising.
            </li>
          </ul>
          <p>
            Every processed file, image or presentation, counts as one unit; a refused or failed file does not count. Images may be up to{' '}
            {say.megabytes(guest.maxImageBytes)}, presentations up to {say.megabytes(premium.maxPresentationBytes)}.
          </p>
        </LegalSection>

        <LegalSection title="3. Account">
          <p>
            To register you must be at least 16 years old and give true information. You are responsible for keeping your password
            confidential and for what happens with your account. We may suspend an account used in breach of these terms; its open sessions
            are then ended.
          </p>
        </LegalSection>

        <LegalSection title="4. Premium: price, payment and cancellation">
          <ul className={listClass}>
            <li>
              Premium costs <Fact name="price">{say.price(premium.priceEurCents)}</Fact> a month, charged monthly in advance through the
              payment provider Stripe.
            </li>
            <li>
              You can cancel at any time, without penalty: cancellation takes effect at the end of the period already paid, until which
              Premium stays active, and you will not be charged again.
            </li>
            <li>
              If you are a consumer, you may withdraw within 14 days of subscribing (art. 52 and following of the Italian Consumer Code).
              Since you ask for the service to start at once, if you withdraw you are charged only for the part of the period already used.
            </li>
            <li>Premium is switched on and off only on the strength of the payment confirmations we receive from Stripe.</li>
          </ul>
        </LegalSection>

        <LegalSection title="5. Permitted use and content">
          <p>
            The files you upload remain yours: you only grant us the right to process them in order to provide the service. You must have
            the right to use them. You may not:
          </p>
          <ul className={listClass}>
            <li>upload unlawful content or content that infringes the rights of others;</li>
            <li>get around the plans' limits, for example with several sessions or addresses or with automated requests;</li>
            <li>compromise the security or the operation of the service.</li>
          </ul>
        </LegalSection>

        <LegalSection title="6. Availability and liability">
          <p>
            We do our best to keep the service available and its results correct, but we cannot guarantee uninterrupted operation. To the
            extent the law allows, we are not liable for indirect damage; liability for wilful misconduct or gross negligence (art. 1229 of
            the Italian Civil Code) and the rights the Consumer Code gives consumers are unaffected.
          </p>
        </LegalSection>

        <LegalSection title="7. Changes to these terms">
          <p>
            We may change these terms, for example when the plans or the limits change. We announce changes at least{' '}
            <strong>30 days</strong> in advance on the site and, to registered users, by e-mail. If you do not accept them you can stop
            using the service or cancel Premium before they take effect.
          </p>
        </LegalSection>

        <LegalSection title="8. Personal data">
          <p>
            We process your data as described in the{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Privacy Policy
            </Link>{' '}
            and the{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie Policy
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="9. Governing law and contact">
          <p>
            These terms are governed by Italian law. If you are a consumer, the courts of the place where you live have jurisdiction, and
            the mandatory rules of your country are unaffected. For any question, write to us from the{' '}
            <Link to="/contact" className={linkClass}>
              Contact
            </Link>{' '}
            page.
          </p>
          <p>The service is provided by:</p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  privacy: {
    title: 'Privacy Policy',
    body: ({ retentionHours, retention, operator }, say) => (
      <>
        <p>
          This policy explains which personal data Lightpix, the online service for compressing, resizing and converting images and
          presentations, processes, why it processes them, how long it keeps them and what rights you have.
        </p>

        <LegalSection title="1. Controller">
          <p>
            The controller is the operator of the Lightpix service ("we"). For any privacy request, including exercising your rights, write
            to us from the{' '}
            <Link to="/contact" className={linkClass}>
              Contact
            </Link>{' '}
            page: we answer within one month, as art. 12 GDPR requires.
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>

        <LegalSection title="2. What data we process, why and for how long">
          <SubHeading>a) Images and presentations you upload</SubHeading>
          <p>
            The original file is processed in memory or in a temporary file and is not kept after the request. The result is kept only so
            that you can download it, for <Fact name="retention">{say.hours(retentionHours)}</Fact>, and is then deleted automatically. A
            result can be downloaded only from the session or account that produced it. Unless you choose otherwise, we remove metadata
            (EXIF, GPS location, comments) from results. Legal basis: performance of the service you asked for (art. 6(1)(b) GDPR).
          </p>
          <SubHeading>b) Processing log and usage limits</SubHeading>
          <p>
            For every processed file we record the date and time, the file's name and size, the format and quality of the result and the IP
            address it came from. We need this to apply the plans' usage limits (for guests the limit applies per session and per IP
            address), to prevent abuse and, for registered users, to show the history. This log does not contain the image. Legal basis:
            performance of the contract and our legitimate interest in preventing abuse (art. 6(1)(b) and (f) GDPR). After{' '}
            <Fact name="retention-usage">{say.days(retention.usageDays)}</Fact>, an entry keeps only its date, sizes and format: its name,
            IP address and account are erased.
          </p>
          <SubHeading>c) Account</SubHeading>
          <p>
            If you register we process your e-mail address, first name, last name, username, plan and registration date. The password is
            stored only as a non-reversible cryptographic hash (argon2id). We keep these data as long as the account exists; you can delete
            it yourself at any time from the Account page, which cancels the subscription at once and deletes the account, results, history,
            sessions and API keys (only the billing data of point e remain). Legal basis: performance of the contract (art. 6(1)(b) GDPR).
            Changes our support makes to your account (for example deactivation) are recorded with the person who made them, in our
            legitimate interest. We keep that record for <Fact name="retention-audit">{say.days(retention.auditDays)}</Fact>; it names your
            account only by an internal number. When an account is deleted, the messages sent from it or from its e-mail address are deleted
            too.
          </p>
          <SubHeading>d) Messages you send us</SubHeading>
          <p>
            When you use the contact form we process your name, e-mail address, and the subject and text of the message, to answer you. We
            keep them for <Fact name="retention-contact">{say.days(retention.contactMessagesDays)}</Fact> after they arrive, then they are
            deleted automatically; you can ask for their deletion sooner at any time. Legal basis: pre-contractual steps or our legitimate
            interest in answering (art. 6(1)(b) and (f) GDPR).
          </p>
          <SubHeading>e) Payments and billing</SubHeading>
          <p>
            The Premium subscription is paid through Stripe: card details are entered into and processed by Stripe directly and never reach
            our servers. Billing data (customer identifier, status and dates of the subscription with us; amounts and dates of payments with
            Stripe) are kept for <strong>10 years</strong>, as Italian law on keeping accounting records requires (art. 2220 of the Civil
            Code). Legal basis: contract and legal obligation (art. 6(1)(b) and (c) GDPR).
          </p>
          <SubHeading>f) Technical logs</SubHeading>
          <p>
            The servers record the IP address, date and time and address of requests in technical logs, for security and troubleshooting.
            Logs are kept for <strong>at most 90 days</strong>. Legal basis: our legitimate interest in the security of the service (art.
            6(1)(f) GDPR).
          </p>
          <SubHeading>g) Cookies and browser storage</SubHeading>
          <p>
            We use only one technical session cookie, which lasts at most 30 days, and browser storage to remember the language and your
            cookie choice. Advertising is shown only with your consent. The details are in the{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Cookie Policy
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="3. Who we share data with">
          <p>Data are processed by us and, on our behalf, by providers appointed as processors (art. 28 GDPR):</p>
          <ul className={listClass}>
            <li>the card payment provider, Stripe, to collect the Premium subscription;</li>
            <li>the e-mail service we use to deliver contact-form messages and our replies;</li>
            <li>the provider of the infrastructure the service is hosted on.</li>
          </ul>
          <p>
            We do not sell your data and do not use them to profile you. If a provider processes data outside the European Economic Area,
            the transfer takes place only with the safeguards of arts. 44–49 GDPR (an adequacy decision, such as the EU-US Data Privacy
            Framework, or the European Commission's standard contractual clauses).
          </p>
        </LegalSection>

        <LegalSection title="4. Children">
          <p>
            Lightpix is not meant for children under 16, and we do not knowingly collect their data. If you believe a child has given us
            personal data, write to us and we will delete them.
          </p>
        </LegalSection>

        <LegalSection title="5. Your rights">
          <p>At any time you can ask us, free of charge, for:</p>
          <ul className={listClass}>
            <li>access to your data and a copy of them (art. 15);</li>
            <li>correction of inaccurate data (art. 16) and erasure (art. 17);</li>
            <li>restriction of processing (art. 18) and portability of the data you gave us (art. 20);</li>
            <li>to object to processing based on our legitimate interest (art. 21);</li>
            <li>
              to withdraw your consent to advertising, without affecting earlier processing, from "Cookie settings" at the bottom of every
              page.
            </li>
          </ul>
          <p>
            You can take a copy of your data yourself at any time: on the{' '}
            <Link to="/account" className={linkClass}>
              Account
            </Link>{' '}
            page, "Download my data" prepares a ZIP with your account, plan, subscription and invoice details, the names of your API keys,
            the history of your results, the messages you sent us and the result files still stored, in a documented machine-readable format
            (JSON). Only you can download it, signed in, for <Fact name="retention-export">{say.hours(retentionHours)}</Fact>; then it is
            deleted.
          </p>
          <p>{complaint(operator.supervisoryAuthority)}</p>
        </LegalSection>

        <LegalSection title="6. Security">
          <p>
            We protect data with appropriate technical and organisational measures: passwords stored only as cryptographic hashes, access to
            results limited to whoever produced them, automatic deletion of expired files and access to the administration panels reserved
            for authorised staff.
          </p>
        </LegalSection>

        <LegalSection title="7. Changes to this policy">
          <p>
            If we change this policy we update the date at the top of the page; significant changes are announced on the site and, to
            registered users, by e-mail.
          </p>
        </LegalSection>
      </>
    ),
  },
  cookies: {
    title: 'Cookie Policy',
    body: ({ operator }) => (
      <>
        <p>
          This page explains which cookies and other information Lightpix stores in your browser. In short: without your consent we use only
          technical tools that the service needs to work; no third-party analytics, no profiling.
        </p>

        <LegalSection title="1. Technical tools (always on)">
          <p>
            These tools are essential to provide the service you ask for and, by law, do not need consent. Your cookie choice is stored
            precisely in order to respect it: that storage is technical too.
          </p>
          <StoredItems items={storage} labels={labels} />
          <p>No persistent cookie lasts longer than 30 days.</p>
        </LegalSection>

        <LegalSection title="2. Advertising (only with your consent)">
          <p>
            On the Guest and Registered plans the service shows advertising spaces; the Premium plan has no advertising. The spaces appear
            only if you accept in the cookie banner: for people in the European Union, the European Economic Area, the United Kingdom or
            Switzerland consent is required by law, and we ask everyone for it.
          </p>
          <p>
            Today these spaces promote only our own Premium plan: they are served by Lightpix itself and set no cookies. If in future we
            entrusted the spaces to an advertising network, its name and cookies would appear on this page, the network would be loaded only
            after your consent and we would ask you to choose again.
          </p>
        </LegalSection>

        <LegalSection title="3. How to change your mind">
          <ul className={listClass}>
            <li>
              Use the "Cookie settings" link at the bottom of every page: it reopens the banner, where you can accept or reject. Rejecting
              does not limit any feature of the service.
            </li>
            <li>
              You can also delete cookies and site data in your browser's settings; if you delete the session cookie you will be signed out;
              guest limits stay tied to the IP address as well.
            </li>
          </ul>
        </LegalSection>

        <LegalSection title="4. Controller and rights">
          <p>
            The controller is the operator of the Lightpix service. How we process data and how to exercise your rights is explained in the{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Privacy Policy
            </Link>
            .
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  imprint: {
    title: 'Imprint',
    body: ({ operator }) => (
      <>
        <p>Who provides this website, as the rules on information society services require.</p>
        <OperatorDetails operator={operator} words={operatorWords} authority />
        <p>
          To reach us, write from the{' '}
          <Link to="/contact" className={linkClass}>
            Contact
          </Link>{' '}
          page or to the e-mail address above.
        </p>
      </>
    ),
  },
};
