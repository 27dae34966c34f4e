import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import '../catalog.css';

const SECTIONS = ['ordering', 'payment', 'shipping', 'returns', 'support'] as const;

function readSteps(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((step): step is string => typeof step === 'string') : [];
}

/** How buying on Caravan works; every text comes from the catalog dictionary. */
export default function InformationPage() {
  const { t } = useTranslation('catalog');
  return (
    <PageFrame titleKey="routes.information">
      <article className="cv-article cv-info">
        <p className="cv-article__lead">{t('info.lead')}</p>
        {SECTIONS.map((section) => (
          <section key={section} aria-labelledby={`info-${section}`}>
            <h2 id={`info-${section}`}>{t(`info.${section}.title`)}</h2>
            <ol className="cv-steps">
              {readSteps(t(`info.${section}.steps`, { returnObjects: true })).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
        <p>
          <Link to="/commodity">{t('info.startShopping')}</Link>
        </p>
      </article>
    </PageFrame>
  );
}
