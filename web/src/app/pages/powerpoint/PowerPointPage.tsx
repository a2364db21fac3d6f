import { useTranslation } from 'react-i18next';
import { MessagePage } from '#components/ui/MessagePage';

/** Placeholder for the presentation tool (SPEC §2 says only that it exists and is linked). */
export function PowerPointPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('powerpoint.title')} body={t('powerpoint.body')} homeLabel={t('powerpoint.back')} />;
}
