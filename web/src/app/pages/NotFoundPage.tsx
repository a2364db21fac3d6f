import { useTranslation } from 'react-i18next';
import { MessagePage } from '#components/ui/MessagePage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage mark="404" title={t('notFound.title')} body={t('notFound.body')} homeLabel={t('notFound.home')} />;
}
