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

const labels = { kind: 'Tipo', purpose: 'Finalidad', duration: 'Duración' };

const storage = [
  {
    name: 'lightpix_session',
    kind: 'Cookie técnica (HttpOnly)',
    purpose: 'Mantiene abierta la sesión: invitado o con sesión iniciada, plan y límites de uso.',
    duration: 'Como máximo 30 días',
  },
  {
    name: 'lightpix_device',
    kind: 'Cookie técnica (HttpOnly)',
    purpose:
      'Se crea cuando se abre una cuenta desde este navegador, para que el mismo dispositivo no pueda crear cuentas sin límite. Solo contiene un número aleatorio.',
    duration: '30 días',
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: 'Almacenamiento del navegador (localStorage)',
    purpose: 'Recuerda si aceptaste o rechazaste la publicidad, para no preguntártelo en cada página.',
    duration: `${CONSENT_MAX_AGE_DAYS / 30} meses; después te lo volvemos a preguntar`,
  },
  {
    name: 'language',
    kind: 'Almacenamiento del navegador (localStorage)',
    purpose: 'Recuerda el idioma que elegiste para la interfaz.',
    duration: 'Hasta que lo borres del navegador',
  },
];

const operatorWords: OperatorWords = {
  name: 'Nombre o razón social',
  address: 'Dirección',
  email: 'Correo electrónico',
  companyNumber: 'NIF/IVA o número de registro',
  supervisoryAuthority: 'Autoridad de control de protección de datos',
  missing: 'aún no indicado por el operador',
};

/** The right to complain, with the supervisory authority the operator named (OPERATOR_SUPERVISORY_AUTHORITY), or without. */
const complaint = (authority: string | null) =>
  authority === null
    ? 'También tienes derecho a presentar una reclamación ante una autoridad de control de protección de datos, en particular la del país en el que vives o trabajas; el operador aún no ha indicado su propia autoridad de control.'
    : `También tienes derecho a presentar una reclamación ante la autoridad de control, ${authority}, o ante la autoridad de control del país en el que vives o trabajas.`;

/** A translation of texts/it.tsx, the reference. */
export const texts: LegalTexts = {
  revised: 'Última actualización:',
  home: 'Volver al inicio',
  terms: {
    title: 'Términos y condiciones del servicio',
    body: ({ plans: { guest, registered, premium }, retentionHours, operator }, say) => (
      <>
        <p>
          Estos términos regulan el uso de Lightpix, el servicio en línea para comprimir, redimensionar y convertir imágenes (y, con
          Premium, presentaciones de PowerPoint). Al usar el servicio los aceptas; si no los aceptas, no lo uses.
        </p>

        <LegalSection title="1. El servicio">
          <p>
            Lightpix procesa los archivos que subes según los ajustes que eliges y te devuelve un resultado para descargar. El archivo
            original no se conserva después del procesamiento; el resultado se puede descargar durante{' '}
            <Fact name="retention">{say.hours(retentionHours)}</Fact> y después se elimina automáticamente. Guarda tú una copia de los
            resultados que necesites.
          </p>
        </LegalSection>

        <LegalSection title="2. Planes y límites de uso">
          <p>Los límites vigentes son los indicados aquí, que el servicio lee de su propia configuración:</p>
          <ul className={listClass}>
            <li>
              <strong>Invitado</strong>, sin registro: <Fact name="allowance-guest">{say.allowance(guest)}</Fact>, contadas tanto por sesión
              como por dirección IP (se aplica el límite más estricto), un archivo cada vez, resultados en {say.formats(guest)}, con
              publicidad.
            </li>
            <li>
              <strong>Registrado</strong>, gratuito: <Fact name="allowance-registered">{say.allowance(registered)}</Fact> (mes natural,
              UTC), un archivo cada vez, resultados en {say.formats(registered)}, historial de procesamientos, menos publicidad.
            </li>
            <li>
              <strong>Premium</strong>, de pago: <Fact name="allowance-premium">{say.allowance(premium)}</Fact>, hasta{' '}
              {premium.filesPerSelection} archivos cada vez, todos los formatos, archivos de PowerPoint, historial y sin publicidad.
            </li>
          </ul>
          <p>
            Cada archivo procesado, imagen o presentación, cuenta como una unidad; un archivo rechazado o fallido no cuenta. Las imágenes
            pueden pesar hasta {say.megabytes(guest.maxImageBytes)}, las presentaciones hasta {say.megabytes(premium.maxPresentationBytes)}.
          </p>
        </LegalSection>

        <LegalSection title="3. Cuenta">
          <p>
            Para registrarte debes tener al menos 16 años y facilitar datos verdaderos. Eres responsable de mantener en secreto tu
            contraseña y de lo que ocurra con tu cuenta. Podemos suspender una cuenta utilizada en contra de estos términos; en tal caso se
            cierran sus sesiones abiertas.
          </p>
        </LegalSection>

        <LegalSection title="4. Premium: precio, pago y cancelación">
          <ul className={listClass}>
            <li>
              Premium cuesta <Fact name="price">{say.price(premium.priceEurCents)}</Fact> al mes, que se cobran mensualmente por adelantado
              a través del proveedor de pagos Stripe.
            </li>
            <li>
              Puedes cancelar en cualquier momento, sin penalización: la cancelación surte efecto al final del periodo ya pagado, hasta el
              cual Premium sigue activo, y no habrá más cargos.
            </li>
            <li>
              Si eres consumidor, puedes desistir en un plazo de 14 días desde la suscripción (arts. 52 y siguientes del Código de Consumo
              italiano). Como pides que el servicio empiece de inmediato, si desistes solo se te cobrará la parte del periodo ya disfrutada.
            </li>
            <li>Premium se activa y se desactiva únicamente según las confirmaciones de pago que recibimos de Stripe.</li>
          </ul>
        </LegalSection>

        <LegalSection title="5. Uso permitido y contenidos">
          <p>
            Los archivos que subes siguen siendo tuyos: solo nos concedes el derecho a procesarlos para prestarte el servicio. Debes tener
            derecho a usarlos. No está permitido:
          </p>
          <ul className={listClass}>
            <li>subir contenidos ilícitos o que vulneren derechos de terceros;</li>
            <li>eludir los límites de los planes, por ejemplo con varias sesiones o direcciones o con peticiones automatizadas;</li>
            <li>comprometer la seguridad o el funcionamiento del servicio.</li>
          </ul>
        </LegalSection>

        <LegalSection title="6. Disponibilidad y responsabilidad">
          <p>
            Hacemos todo lo posible para que el servicio esté siempre disponible y los resultados sean correctos, pero no podemos garantizar
            un funcionamiento sin interrupciones. En la medida en que la ley lo permite, no respondemos de los daños indirectos; quedan a
            salvo la responsabilidad por dolo o culpa grave (art. 1229 del Código Civil italiano) y los derechos que el Código de Consumo
            reconoce a los consumidores.
          </p>
        </LegalSection>

        <LegalSection title="7. Cambios en los términos">
          <p>
            Podemos modificar estos términos, por ejemplo cuando cambien los planes o los límites. Anunciamos los cambios con al menos{' '}
            <strong>30 días</strong> de antelación en el sitio y, a los usuarios registrados, por correo electrónico. Si no los aceptas,
            puedes dejar de usar el servicio o cancelar Premium antes de que entren en vigor.
          </p>
        </LegalSection>

        <LegalSection title="8. Datos personales">
          <p>
            Tratamos tus datos como se describe en la{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Política de privacidad
            </Link>{' '}
            y en la{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Política de cookies
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="9. Ley aplicable y contacto">
          <p>
            Estos términos se rigen por la ley italiana. Si eres consumidor, son competentes los tribunales del lugar donde resides y quedan
            a salvo las normas imperativas de tu país. Para cualquier pregunta, escríbenos desde la página de{' '}
            <Link to="/contact" className={linkClass}>
              Contacto
            </Link>
            .
          </p>
          <p>El servicio lo presta:</p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  privacy: {
    title: 'Política de privacidad',
    body: ({ retentionHours, retention, operator }, say) => (
      <>
        <p>
          Esta política explica qué datos personales trata Lightpix, el servicio en línea para comprimir, redimensionar y convertir imágenes
          y presentaciones, por qué los trata, durante cuánto tiempo los conserva y qué derechos tienes.
        </p>

        <LegalSection title="1. Responsable del tratamiento">
          <p>
            El responsable del tratamiento es el gestor del servicio Lightpix («nosotros»). Para cualquier solicitud sobre privacidad,
            incluido el ejercicio de tus derechos, escríbenos desde la página de{' '}
            <Link to="/contact" className={linkClass}>
              Contacto
            </Link>
            : respondemos en el plazo de un mes, como establece el art. 12 del RGPD.
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>

        <LegalSection title="2. Qué datos tratamos, por qué y durante cuánto tiempo">
          <SubHeading>a) Imágenes y presentaciones que subes</SubHeading>
          <p>
            El archivo original se procesa en memoria o en un archivo temporal y no se conserva después de la petición. El resultado se
            conserva solo para que puedas descargarlo, durante <Fact name="retention">{say.hours(retentionHours)}</Fact>, y después se
            elimina automáticamente. El resultado solo puede descargarse desde la sesión o la cuenta que lo generó. Salvo que elijas otra
            cosa, eliminamos de los resultados los metadatos (EXIF, ubicación GPS, comentarios). Base jurídica: ejecución del servicio que
            has solicitado (art. 6.1.b RGPD).
          </p>
          <SubHeading>b) Registro de procesamientos y límites de uso</SubHeading>
          <p>
            Por cada archivo procesado registramos la fecha y la hora, el nombre y el tamaño del archivo, el formato y la calidad del
            resultado y la dirección IP de origen. Los necesitamos para aplicar los límites de uso de los planes (para los invitados el
            límite se aplica por sesión y por dirección IP), para prevenir abusos y, para los usuarios registrados, para mostrar el
            historial. Este registro no contiene la imagen. Base jurídica: ejecución del contrato y nuestro interés legítimo en prevenir
            abusos (art. 6.1.b y f RGPD). Pasados <Fact name="retention-usage">{say.days(retention.usageDays)}</Fact>, de cada entrada solo
            quedan la fecha, los tamaños y el formato: el nombre del archivo, la dirección IP y la cuenta se borran.
          </p>
          <SubHeading>c) Cuenta</SubHeading>
          <p>
            Si te registras tratamos tu dirección de correo electrónico, nombre, apellidos, nombre de usuario, plan contratado y fecha de
            registro. La contraseña se guarda solo como huella criptográfica no reversible (argon2id). Conservamos estos datos mientras
            exista la cuenta; puedes eliminarla tú mismo en cualquier momento desde la página Cuenta, lo que cancela de inmediato la
            suscripción y elimina la cuenta, los resultados, el historial, las sesiones y las claves de API (solo quedan los datos de
            facturación del punto e). Base jurídica: ejecución del contrato (art. 6.1.b RGPD). Los cambios que nuestro soporte hace en tu
            cuenta (por ejemplo, la desactivación) se registran junto con su autor, por nuestro interés legítimo. Conservamos ese registro
            durante <Fact name="retention-audit">{say.days(retention.auditDays)}</Fact>; identifica tu cuenta solo con un número interno. Al
            eliminar una cuenta se eliminan también los mensajes enviados desde ella o desde su dirección de correo.
          </p>
          <SubHeading>d) Mensajes que nos envías</SubHeading>
          <p>
            Cuando usas el formulario de contacto tratamos tu nombre, dirección de correo electrónico, asunto y texto del mensaje, para
            responderte. Los conservamos durante <Fact name="retention-contact">{say.days(retention.contactMessagesDays)}</Fact> desde su
            llegada y después se eliminan automáticamente; puedes pedir que se eliminen antes en cualquier momento. Base jurídica: medidas
            precontractuales o nuestro interés legítimo en responder (art. 6.1.b y f RGPD).
          </p>
          <SubHeading>e) Pagos y facturación</SubHeading>
          <p>
            La suscripción Premium se paga a través de Stripe: los datos de la tarjeta los introduce y los trata directamente Stripe y nunca
            llegan a nuestros servidores. Los datos de facturación (identificador de cliente, estado y fechas de la suscripción en nuestro
            sistema; importes y fechas de los pagos en Stripe) se conservan durante <strong>10 años</strong>, como exige la ley italiana
            sobre la conservación de los registros contables (art. 2220 del Código Civil). Base jurídica: contrato y obligación legal (art.
            6.1.b y c RGPD).
          </p>
          <SubHeading>f) Registros técnicos</SubHeading>
          <p>
            Los servidores anotan en registros técnicos la dirección IP, la fecha y la hora y la dirección de las peticiones, por seguridad
            y para resolver averías. Los registros se conservan <strong>como máximo 90 días</strong>. Base jurídica: nuestro interés
            legítimo en la seguridad del servicio (art. 6.1.f RGPD).
          </p>
          <SubHeading>g) Cookies y almacenamiento del navegador</SubHeading>
          <p>
            Usamos solo una cookie técnica de sesión, que dura como máximo 30 días, y el almacenamiento del navegador para recordar el
            idioma y tu elección sobre las cookies. La publicidad solo se muestra con tu consentimiento. Los detalles están en la{' '}
            <Link to="/cookie-policy" className={linkClass}>
              Política de cookies
            </Link>
            .
          </p>
        </LegalSection>

        <LegalSection title="3. A quién comunicamos los datos">
          <p>Los datos los tratamos nosotros y, por nuestra cuenta, proveedores designados encargados del tratamiento (art. 28 RGPD):</p>
          <ul className={listClass}>
            <li>el proveedor de pagos con tarjeta, Stripe, para cobrar la suscripción Premium;</li>
            <li>el servicio de envío de correo que usamos para entregar los mensajes del formulario de contacto y nuestras respuestas;</li>
            <li>el proveedor de la infraestructura en la que se aloja el servicio.</li>
          </ul>
          <p>
            No vendemos tus datos ni los usamos para elaborar perfiles. Si un proveedor trata datos fuera del Espacio Económico Europeo, la
            transferencia solo se realiza con las garantías previstas en los arts. 44–49 del RGPD (decisión de adecuación, como el Marco de
            Privacidad de Datos UE-EE. UU., o cláusulas contractuales tipo de la Comisión Europea).
          </p>
        </LegalSection>

        <LegalSection title="4. Menores">
          <p>
            Lightpix no está destinado a menores de 16 años, y no recogemos conscientemente sus datos. Si crees que un menor nos ha
            facilitado datos personales, escríbenos y los eliminaremos.
          </p>
        </LegalSection>

        <LegalSection title="5. Tus derechos">
          <p>En cualquier momento puedes pedirnos, sin coste:</p>
          <ul className={listClass}>
            <li>el acceso a tus datos y una copia de ellos (art. 15);</li>
            <li>la rectificación de los datos inexactos (art. 16) y la supresión (art. 17);</li>
            <li>la limitación del tratamiento (art. 18) y la portabilidad de los datos que nos has facilitado (art. 20);</li>
            <li>oponerte a los tratamientos basados en nuestro interés legítimo (art. 21);</li>
            <li>
              retirar el consentimiento a la publicidad, sin que ello afecte a los tratamientos anteriores, desde «Configuración de cookies»
              al pie de cada página.
            </li>
          </ul>
          <p>
            También puedes obtener tú mismo una copia de tus datos en cualquier momento: en la página{' '}
            <Link to="/account" className={linkClass}>
              Cuenta
            </Link>
            , «Descargar mis datos» prepara un ZIP con tu cuenta, tu plan, los datos de tu suscripción y tus facturas, los nombres de tus
            claves de API, el historial de tus resultados, los mensajes que nos has enviado y los archivos de resultados aún guardados, en
            un formato documentado y legible por máquina (JSON). Solo tú puedes descargarlo, con la sesión iniciada, durante{' '}
            <Fact name="retention-export">{say.hours(retentionHours)}</Fact>; después se elimina.
          </p>
          <p>{complaint(operator.supervisoryAuthority)}</p>
        </LegalSection>

        <LegalSection title="6. Seguridad">
          <p>
            Protegemos los datos con medidas técnicas y organizativas adecuadas: contraseñas guardadas solo como huella criptográfica,
            acceso a los resultados limitado a quien los generó, eliminación automática de los archivos caducados y acceso a los paneles de
            administración reservado al personal autorizado.
          </p>
        </LegalSection>

        <LegalSection title="7. Cambios en esta política">
          <p>
            Si cambiamos esta política actualizamos la fecha al principio de la página; los cambios importantes se anuncian en el sitio y, a
            los usuarios registrados, por correo electrónico.
          </p>
        </LegalSection>
      </>
    ),
  },
  cookies: {
    title: 'Política de cookies',
    body: ({ operator }) => (
      <>
        <p>
          Esta página explica qué cookies y qué otra información guarda Lightpix en tu navegador. En resumen: sin tu consentimiento usamos
          solo herramientas técnicas, necesarias para el funcionamiento del servicio; nada de analítica de terceros, nada de perfiles.
        </p>

        <LegalSection title="1. Herramientas técnicas (siempre activas)">
          <p>
            Estas herramientas son imprescindibles para prestarte el servicio que pides y, por ley, no requieren consentimiento. Tu elección
            sobre las cookies se guarda precisamente para respetarla: también ese almacenamiento es técnico.
          </p>
          <StoredItems items={storage} labels={labels} />
          <p>Ninguna cookie persistente dura más de 30 días.</p>
        </LegalSection>

        <LegalSection title="2. Publicidad (solo con tu consentimiento)">
          <p>
            En los planes Invitado y Registrado el servicio muestra espacios publicitarios; el plan Premium no tiene publicidad. Los
            espacios solo aparecen si aceptas en el banner de cookies: para quien se encuentra en la Unión Europea, el Espacio Económico
            Europeo, el Reino Unido o Suiza el consentimiento lo exige la ley, y nosotros se lo pedimos a todos.
          </p>
          <p>
            Hoy estos espacios solo promocionan nuestro plan Premium: los sirve el propio Lightpix y no instalan ninguna cookie. Si en el
            futuro confiáramos los espacios a una red publicitaria, su nombre y sus cookies aparecerían en esta página, la red solo se
            cargaría después de tu consentimiento y te pediríamos que volvieras a elegir.
          </p>
        </LegalSection>

        <LegalSection title="3. Cómo cambiar de opinión">
          <ul className={listClass}>
            <li>
              Usa el enlace «Configuración de cookies» al pie de cada página: vuelve a abrir el banner, donde puedes aceptar o rechazar.
              Rechazar no limita ninguna función del servicio.
            </li>
            <li>
              También puedes borrar las cookies y los datos de los sitios desde la configuración del navegador; si borras la cookie de
              sesión, se cerrará tu sesión; los límites de los invitados siguen ligados también a la dirección IP.
            </li>
          </ul>
        </LegalSection>

        <LegalSection title="4. Responsable y derechos">
          <p>
            El responsable es el gestor del servicio Lightpix. Cómo tratamos los datos y cómo ejercer tus derechos se explica en la{' '}
            <Link to="/privacy-policy" className={linkClass}>
              Política de privacidad
            </Link>
            .
          </p>
          <OperatorDetails operator={operator} words={operatorWords} />
        </LegalSection>
      </>
    ),
  },
  imprint: {
    title: 'Aviso legal',
    body: ({ operator }) => (
      <>
        <p>Quién presta este sitio web, como exigen las normas sobre servicios de la sociedad de la información.</p>
        <OperatorDetails operator={operator} words={operatorWords} authority />
        <p>
          Para contactarnos escríbenos desde la página de{' '}
          <Link to="/contact" className={linkClass}>
            Contacto
          </Link>{' '}
          o a la dirección de correo indicada arriba.
        </p>
      </>
    ),
  },
};
