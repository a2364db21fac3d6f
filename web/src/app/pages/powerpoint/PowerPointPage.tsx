import { useTranslation } from 'react-i18next';
import { MessagePage } from '#components/ui/MessagePage';

/** Placeholder for the presentation tool. */
export function PowerPointPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('powerpoint.title')} body={t('powerpoint.body')} homeLabel={t('powerpoint.back')} />;
}
