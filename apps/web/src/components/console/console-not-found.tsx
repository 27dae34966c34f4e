import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/button-link';

/**
 * A console address that names no page (an old bookmark, a mistyped link): says so, as the storefront's page does,
 * and leads back to the console's start page, which sends staff on to the first page they may open.
 */
export function ConsoleNotFound({ basePath }: { basePath: string }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="404"
      title={t('routes.notFound')}
      subTitle={t('notFound.body')}
      extra={
        <ButtonLink to={basePath} type="primary">
          {t('notFound.console')}
        </ButtonLink>
      }
    />
  );
}
