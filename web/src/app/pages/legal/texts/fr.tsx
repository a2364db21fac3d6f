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

const labels = { kind: 'Type', purpose: 'Finalité', duration: 'Durée' };

const storage = [
  {
    name: 'lightpix_session',
    kind: 'Cookie technique (HttpOnly)',
    purpose: 'Maintient votre session ouverte : invité ou connecté, formule et limites d’utilisation.',
    duration: '30 jours au maximum',
  },
  {
    name: 'lightpix_device',
    kind: 'Cookie technique (HttpOnly)',
    purpose:
      'Déposé lorsqu’un compte est créé depuis ce navigateur, afin qu’un même appareil ne puisse pas créer de comptes sans limite. Il ne contient qu’un nombre aléatoire.',
    duration: '30 jours',
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: 'Stockage du navigateur (localStorage)',
    purpose: 'Mémorise si vous avez accepté ou refusé la publicité, pour ne pas vous le demander à chaque page.',
    duration: `${CONSENT_MAX_AGE_DAYS / 30} mois, puis nous vous le redemandons`,
  },
  {
    name: 'language',
    kind: 'Stockage du navigateur (localStorage)',
    purpose: 'Mémorise la langue que vous avez choisie pour l’interface.',
    duration: 'Jusqu’à ce que vous l’effaciez de votre navigateur',
  },
];

const operatorWords: OperatorWords = {
  name: 'Nom ou raison sociale',
  address: 'Adresse',
  email: 'E-mail',
  companyNumber: 'Numéro de TVA ou d’immatriculation',
  supervisoryAuthority: 'Autorité de contrôle de la protection des données',
  missing: 'pas encore renseigné par l’exploitant',
};

/** The right to complain, with the supervisory authority the operator named (OPERATOR_SUPERVISORY_AUTHORITY), or without. */
const complaint = (authority: string | null) =>
  authority === null
    ? 'Vous avez aussi le droit d’introduire une réclamation auprès d’une autorité de contrôle de la protection des données, notamment celle du pays où vous vivez ou travaillez. L’exploitant n’a pas encore indiqué sa propre autorité de contrôle.'
    : `Vous avez aussi le droit d’introduire une réclamation auprès de l’autorité de contrôle, ${authority}, ou auprès de l’autorité de contrôle du pays où vous vivez ou travaillez.`;

/** A translation of texts/it.tsx, the reference. */
export const texts: LegalTexts = {
  revised: 'Dernière mise à jour\u00a0:',
  home: 'Retour à l’accueil',
  terms: {
    title: 'Conditions générales d’utilisation',
    body: ({ plans: { guest, registered, premium }, retentionHours, operator }, say) => (
      <>
        <p>
          Les présentes conditions régissent l’utilisation de Lightpix, le service en ligne de compression, de redimensionnement et de
          conversion d’images (et, avec Premium, de présentations PowerPoint). En utilisant le service, vous les acceptez ; si vous ne les
          acceptez pas, ne l’utilisez pas.
        </p>

        <LegalSection title="1. Le service">
          <p>
            Lightpix traite les fichiers que vous importez selon les réglages que vous choisissez et vous rend un résultat à télécharger. Le
            fichier original n’est pas conservé après le traitement ; le résultat reste téléchargeable pendant{' '}
            <Fact name="retention">{say.hours(retentionHours)}</Fact>, puis il est supprimé automatiquement. Conservez vous-même une copie
            des résultats dont vous avez besoin.
          </p>
        </LegalSection>

        <LegalSection title="2. Formules et limites d’utilisation">
          <p>Les limites en vigueur sont celles indiquées ici, que le service lit dans sa propre configuration :</p>
          <ul className={listClass}>
            <li>
              <strong>Invité</strong>, sans inscription : <Fact name="allowance-guest">{say.allowance(guest)}</Fact>, comptées à la fois par
              session et par adresse IP (la limite la plus stricte s’applique), un fichier à la fois, résultats en {say.formats(guest)},
              avec publicité.
            </li>
            <li>
              <strong>Inscrit</strong>, gratuit : <Fact name="allowance-registered">{say.allowance(registered)}</Fact> (mois civil, UTC), un
              fichier à la fois, résultats en {say.formats(registered)}, historique des traitements, moins de publicité.
            </li>
            <li>
              <strong>Premium</strong>, payant : <Fact name="allowance-premium">{say.allowance(premium)}</Fact>, jusqu’à{' '}
              {premium.filesPerSelection} fichiers à la fois, tous les formats, fichiers PowerPoint, historique et aucune publicité.
            </li>
          </ul>
          <p>
            Chaque fichier traité, image ou présentation, compte pour une unité ; un fichier refusé ou en échec ne compte pas. Les images
            peuvent peser jusqu’à {say.megabytes(guest.maxImageBytes)}, les présentations jusqu’à{' '}
            {say.megabytes(premium.maxPresentationBytes)}.
          </p>
        </LegalSection>

        <LegalSection title="3. Compte">
          <p>
            Pour vous inscrire, vous devez avoir au moins 16 ans et fournir des informations exactes. Vous êtes responsable de la
            confidentialité de votre mot de passe et de ce qui se passe avec votre compte. Nous pouvons suspendre un compte utilisé en
            violation des présentes conditions ; ses sessions ouvertes sont alors fermées.
          </p>
        </LegalSection>

        <LegalSection title="4. Premium : prix, paiement et résiliation">
          <ul className={listClass}>
            <li>
              Premium coûte <Fact name="price">{say.price(premium.priceEurCents)}</Fact> par mois, prélevés chaque mois d’avance par
              l’intermédiaire du prestataire de paiement Stripe.
            </li>
            <li>
              Vous pouvez résilier à tout moment, sans pénalité : la résiliation prend effet à la fin de la période déjà payée, jusqu’à
              laquelle Premium reste actif, et aucun autre prélèvement n’aura lieu.
            </li>
            <li>
              Si vous êtes un consommateur, vous pouvez vous rétracter dans les 14 jours suivant la souscription (art. 52 et suivants du
              Code de la consommation italien). Comme vous demandez que le service commence immédiatement, en cas de rétractation seule la
              part de la période déjà utilisée vous sera facturée.
            </li>
            <li>Premium n’est activé et désactivé qu’en fonction des confirmations de paiement que nous recevons de Stripe.</li>
          </ul>
        </LegalSection>

        <LegalSection title="5. Utilisation autorisée et contenus">
          <p>
            Les fichiers que vous importez restent les vôtres : vous nous accordez seulement le droit de les traiter pour vous fournir le
            service. Vous devez avoir le droit de les utiliser. Il est interdit de :
          </p>
          <ul className={listClass}>
            <li>importer des contenus illicites ou qui portent atteinte aux droits de tiers ;</li>
            <li>
              contourner les limites des formules, par exemple avec plusieurs sessions ou adresses ou avec des requêtes automatisées ;
            </li>
            <li>compromettre la sécurité ou le fonctionnement du service.</li>
          </ul>
        </LegalSection>

        <LegalSection title="6. Disponibilité et responsabilité">
          <p>
            Nous faisons notre possible pour que le service soit toujours disponible et que les résultats soient corrects, mais nous ne
            pouvons pas garantir un fonctionnement sans interruption. Dans les limites permises par la loi, nous ne répondons pas des
            dommages indirects ; restent réservées la responsabilité pour faute intentionnelle ou faute lourde (art. 1229 du Code civil
            italien) et les droits que le Code de la consommation reconnaît aux consommateurs.
          </p>
        </LegalSection>

        <LegalSection title="7. Modification des conditions">
          <p>
            Nous pouvons modifier les présentes conditions, par exemple lorsque les formules ou les limites changent. Nous annonçons les
            modifications au moins <strong>30 jours</strong> à l’avance sur le site et, aux utilisateurs inscrits, par e-mail. Si vous ne
            les acceptez pas, vous pouvez cesser d’utiliser le service ou résilier Premium avant leur entrée en vigueur.
          </p>
        </LegalSection>

        <LegalSection title="8. Données personnelles">
          <p>
            Nous traitons vos données comme le décrivent la{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Politique de confidentialité
            </Link>{' '}
            et la{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Politique relative aux cookies
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="9. Droit applicable et contact">
          <p>
            Les présentes conditions sont régies par le droit italien. Si vous êtes un consommateur, le tribunal du lieu où vous résidez est
            compétent et les règles impératives de votre pays restent applicables. Pour toute question, écrivez-nous depuis la page{' '}
            <Link to="/contact" className={linkClass}>
              Contact
            </Link>
            .
          </p>
          <p>Le service est fourni par :</p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  privacy: {
    title: 'Politique de confidentialité',
    body: ({ retentionHours, retention, operator }, say) => (
      <>
        <p>
          Cette politique explique quelles données personnelles traite Lightpix, le service en ligne de compression, de redimensionnement et
          de conversion d’images et de présentations, pourquoi il les traite, combien de temps il les conserve et quels sont vos droits.
        </p>

        <LegalSection title="1. Responsable du traitement">
          <p>
            Le responsable du traitement est l’exploitant du service Lightpix (« nous »). Pour toute demande relative à la vie privée, y
            compris l’exercice de vos droits, écrivez-nous depuis la page{' '}
            <Link to="/contact" className={linkClass}>
              Contact
            </Link>
            {'\u00a0'}: nous répondons dans un délai d’un mois, comme le prévoit l’article 12 du RGPD.
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>

        <LegalSection title="2. Quelles données nous traitons, pourquoi et pendant combien de temps">
          <SubHeading>a) Images et présentations que vous importez</SubHeading>
          <p>
            Le fichier original est traité en mémoire ou dans un fichier temporaire et n’est pas conservé après la requête. Le résultat
            n’est conservé que pour vous permettre de le télécharger, pendant <Fact name="retention">{say.hours(retentionHours)}</Fact>,
            puis il est supprimé automatiquement. Le résultat ne peut être téléchargé que depuis la session ou le compte qui l’a produit.
            Sauf choix contraire de votre part, nous retirons des résultats les métadonnées (EXIF, position GPS, commentaires). Base
            juridique : exécution du service que vous avez demandé (art. 6, paragraphe 1, point b du RGPD).
          </p>
          <SubHeading>b) Journal des traitements et limites d’utilisation</SubHeading>
          <p>
            Pour chaque fichier traité, nous enregistrons la date et l’heure, le nom et la taille du fichier, le format et la qualité du
            résultat ainsi que l’adresse IP d’origine. Ces informations nous servent à appliquer les limites d’utilisation des formules
            (pour les invités, la limite s’applique par session et par adresse IP), à prévenir les abus et, pour les utilisateurs inscrits,
            à afficher l’historique. Ce journal ne contient pas l’image. Base juridique : exécution du contrat et notre intérêt légitime à
            prévenir les abus (art. 6, paragraphe 1, points b et f du RGPD). Au bout de{' '}
            <Fact name="retention-usage">{say.days(retention.usageDays)}</Fact>, une entrée ne garde que sa date, ses tailles et son
            format : le nom du fichier, l’adresse IP et le compte sont effacés.
          </p>
          <SubHeading>c) Compte</SubHeading>
          <p>
            Si vous vous inscrivez, nous traitons votre adresse e-mail, vos prénom et nom, votre nom d’utilisateur, la formule souscrite et
            la date d’inscription. Le mot de passe n’est conservé que sous forme d’empreinte cryptographique irréversible (argon2id). Nous
            conservons ces données tant que le compte existe ; vous pouvez le supprimer vous-même à tout moment depuis la page Compte, ce
            qui résilie immédiatement l’abonnement et supprime le compte, les résultats, l’historique, les sessions et les clés d’API
            (seules restent les données de facturation du point e). Base juridique : exécution du contrat (art. 6, paragraphe 1, point b du
            RGPD). Les modifications que notre assistance apporte à votre compte (par exemple sa désactivation) sont enregistrées avec leur
            auteur, au titre de notre intérêt légitime. Nous conservons cet enregistrement pendant{' '}
            <Fact name="retention-audit">{say.days(retention.auditDays)}</Fact> ; il ne désigne votre compte que par un numéro interne.
            Lorsqu’un compte est supprimé, les messages envoyés depuis celui-ci ou depuis son adresse e-mail sont supprimés aussi.
          </p>
          <SubHeading>d) Messages que vous nous envoyez</SubHeading>
          <p>
            Lorsque vous utilisez le formulaire de contact, nous traitons votre nom, votre adresse e-mail, l’objet et le texte du message,
            pour vous répondre. Nous les conservons pendant <Fact name="retention-contact">{say.days(retention.contactMessagesDays)}</Fact>{' '}
            à compter de leur arrivée, puis ils sont supprimés automatiquement ; vous pouvez en demander la suppression plus tôt à tout
            moment. Base juridique : mesures précontractuelles ou notre intérêt légitime à vous répondre (art. 6, paragraphe 1, points b et
            f du RGPD).
          </p>
          <SubHeading>e) Paiements et facturation</SubHeading>
          <p>
            L’abonnement Premium est payé via Stripe : les données de carte sont saisies et traitées directement par Stripe et n’arrivent
            jamais sur nos serveurs. Les données de facturation (identifiant client, statut et dates de l’abonnement chez nous ; montants et
            dates des paiements chez Stripe) sont conservées pendant <strong>10 ans</strong>, comme l’exige la loi italienne sur la
            conservation des documents comptables (art. 2220 du Code civil). Base juridique : contrat et obligation légale (art. 6,
            paragraphe 1, points b et c du RGPD).
          </p>
          <SubHeading>f) Journaux techniques</SubHeading>
          <p>
            Les serveurs enregistrent dans des journaux techniques l’adresse IP, la date et l’heure ainsi que l’adresse des requêtes, pour
            la sécurité et la résolution des pannes. Les journaux sont conservés <strong>90 jours au maximum</strong>. Base juridique :
            notre intérêt légitime à la sécurité du service (art. 6, paragraphe 1, point f du RGPD).
          </p>
          <SubHeading>g) Cookies et stockage du navigateur</SubHeading>
          <p>
            Nous n’utilisons qu’un cookie technique de session, valable 30 jours au maximum, et le stockage du navigateur pour mémoriser la
            langue et votre choix concernant les cookies. La publicité n’est affichée qu’avec votre consentement. Les détails figurent dans
            la{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Politique relative aux cookies
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="3. À qui nous communiquons les données">
          <p>Les données sont traitées par nous et, pour notre compte, par des prestataires désignés sous-traitants (art. 28 du RGPD) :</p>
          <ul className={listClass}>
            <li>le prestataire de paiement par carte, Stripe, pour encaisser l’abonnement Premium ;</li>
            <li>le service d’envoi d’e-mails que nous utilisons pour acheminer les messages du formulaire de contact et nos réponses ;</li>
            <li>le fournisseur de l’infrastructure qui héberge le service.</li>
          </ul>
          <p>
            Nous ne vendons pas vos données et ne les utilisons pas pour vous profiler. Si un prestataire traite des données hors de
            l’Espace économique européen, le transfert n’a lieu qu’avec les garanties prévues aux articles 44 à 49 du RGPD (décision
            d’adéquation, comme le cadre de protection des données UE–États-Unis, ou clauses contractuelles types de la Commission
            européenne).
          </p>
        </LegalSection>

        <LegalSection title="4. Mineurs">
          <p>
            Lightpix ne s’adresse pas aux moins de 16 ans, et nous ne collectons pas sciemment leurs données. Si vous pensez qu’un mineur
            nous a fourni des données personnelles, écrivez-nous et nous les supprimerons.
          </p>
        </LegalSection>

        <LegalSection title="5. Vos droits">
          <p>Vous pouvez à tout moment nous demander, sans frais :</p>
          <ul className={listClass}>
            <li>l’accès à vos données et une copie de celles-ci (art. 15) ;</li>
            <li>la rectification des données inexactes (art. 16) et leur effacement (art. 17) ;</li>
            <li>la limitation du traitement (art. 18) et la portabilité des données que vous nous avez fournies (art. 20) ;</li>
            <li>de vous opposer aux traitements fondés sur notre intérêt légitime (art. 21) ;</li>
            <li>
              de retirer votre consentement à la publicité, sans effet sur les traitements antérieurs, depuis « Paramètres des cookies » en
              bas de chaque page.
            </li>
          </ul>
          <p>
            Vous pouvez aussi obtenir vous-même une copie de vos données à tout moment : sur la page{' '}
            <Link to="/account" className={linkClass}>
              Compte
            </Link>
            , « Télécharger mes données » prépare un fichier ZIP avec votre compte, votre formule, les données de votre abonnement et de vos
            factures, les noms de vos clés d’API, l’historique de vos résultats, les messages que vous nous avez envoyés et les fichiers de
            résultats encore conservés, dans un format documenté et lisible par machine (JSON). Vous seul pouvez le télécharger, une fois
            connecté, pendant <Fact name="retention-export">{say.hours(retentionHours)}</Fact> ; ensuite, il est supprimé.
          </p>
          <p>{complaint(operator.supervisoryAuthority)}</p>
        </LegalSection>

        <LegalSection title="6. Sécurité">
          <p>
            Nous protégeons les données par des mesures techniques et organisationnelles appropriées : mots de passe conservés uniquement
            sous forme d’empreinte cryptographique, accès aux résultats réservé à ceux qui les ont produits, suppression automatique des
            fichiers expirés et accès aux panneaux d’administration réservé au personnel autorisé.
          </p>
        </LegalSection>

        <LegalSection title="7. Modification de cette politique">
          <p>
            Si nous modifions cette politique, nous mettons à jour la date en haut de la page ; les modifications importantes sont annoncées
            sur le site et, aux utilisateurs inscrits, par e-mail.
          </p>
        </LegalSection>
      </>
    ),
  },
  cookies: {
    title: 'Politique relative aux cookies',
    body: ({ operator }) => (
      <>
        <p>
          Cette page explique quels cookies et quelles autres informations Lightpix enregistre dans votre navigateur. En bref : sans votre
          consentement, nous n’utilisons que des outils techniques nécessaires au fonctionnement du service ; aucune mesure d’audience par
          des tiers, aucun profilage.
        </p>

        <LegalSection title="1. Outils techniques (toujours actifs)">
          <p>
            Ces outils sont indispensables pour vous fournir le service que vous demandez et, selon la loi, ne nécessitent pas de
            consentement. Votre choix concernant les cookies est enregistré justement pour le respecter : cet enregistrement est lui aussi
            technique.
          </p>
          <StoredItems items={storage} labels={labels} />
          <p>Aucun cookie persistant ne dure plus de 30 jours.</p>
        </LegalSection>

        <LegalSection title="2. Publicité (uniquement avec votre consentement)">
          <p>
            Dans les formules Invité et Inscrit, le service affiche des espaces publicitaires ; la formule Premium est sans publicité. Les
            espaces n’apparaissent que si vous acceptez dans le bandeau des cookies : pour les personnes qui se trouvent dans l’Union
            européenne, l’Espace économique européen, au Royaume-Uni ou en Suisse, le consentement est exigé par la loi, et nous le
            demandons à tous.
          </p>
          <p>
            Aujourd’hui, ces espaces ne font la promotion que de notre formule Premium : ils sont servis par Lightpix lui-même et ne
            déposent aucun cookie. Si nous confiions un jour ces espaces à une régie publicitaire, son nom et ses cookies figureraient sur
            cette page, la régie ne serait chargée qu’après votre consentement et nous vous demanderions de choisir à nouveau.
          </p>
        </LegalSection>

        <LegalSection title="3. Comment changer d’avis">
          <ul className={listClass}>
            <li>
              Utilisez le lien « Paramètres des cookies » en bas de chaque page : il rouvre le bandeau, où vous pouvez accepter ou refuser.
              Refuser ne limite aucune fonctionnalité du service.
            </li>
            <li>
              Vous pouvez aussi effacer les cookies et les données des sites dans les paramètres de votre navigateur ; si vous effacez le
              cookie de session, vous serez déconnecté ; les limites des invités restent de toute façon liées aussi à l’adresse IP.
            </li>
          </ul>
        </LegalSection>

        <LegalSection title="4. Responsable et droits">
          <p>
            Le responsable est l’exploitant du service Lightpix. La manière dont nous traitons les données et dont vous pouvez exercer vos
            droits est expliquée dans la{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Politique de confidentialité
            </Link>
            .
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  imprint: {
    title: 'Mentions légales',
    body: ({ operator }) => (
      <>
        <p>Qui édite ce site, comme l’exige la loi pour la confiance dans l’économie numérique.</p>
        <OperatorDetails operator={operator} words={operatorWords} authority />
        <p>
          Pour nous joindre, écrivez-nous depuis la page{' '}
          <Link to="/contact" className={linkClass}>
            Contact
          </Link>{' '}
          ou à l’adresse e-mail ci-dessus.
        </p>
      </>
    ),
  },
};
