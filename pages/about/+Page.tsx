import { Collapsible } from '#renderer/components/Collapsible.tsx'
import { ContactSection } from '#renderer/components/ContactSection.tsx'
import { useData } from '#renderer/useData.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'

export default function Page() {
  const { blocks, brandsImage } = useData<Data>()
  const t = useTranslate()
  return (
    <>
      <h1>{t('about.heading')}</h1>
      <p className="lead">{t('about.intro')}</p>
      <div className="section">
        {blocks.map((block) => (
          <Collapsible key={block.titleKey} title={t(block.titleKey)}>
            {block.pairs.map((pair) => (
              <div key={pair.headerKey}>
                <h3>{t(pair.headerKey)}</h3>
                <p>{t(pair.textKey)}</p>
              </div>
            ))}
          </Collapsible>
        ))}
      </div>
      <figure className="section brands-figure">
        <img src={brandsImage} alt={t('about.brands_image_alt')} width="960" height="400" />
      </figure>
      <ContactSection />
    </>
  )
}
