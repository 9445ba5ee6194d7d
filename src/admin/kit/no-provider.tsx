import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ComponentType } from 'react'
import { useAdmin } from '../shell/admin-context'
import { Screen } from './screen'

/**
 * The screens of what belongs to the site's booking provider (its webhooks, where its widget may
 * be embedded): a site that books for no provider has nothing there, and says so under the
 * screen's title. `screen` is the key prefix of its strings, `admin.<screen>.title` and
 * `admin.<screen>.noProvider`, and its title's id `<screen>-title`.
 */
export function NoProvider({ screen }: { screen: string }) {
  const { t } = useTranslation()
  return (
    <Screen id={`${screen}-title`} title={t(`admin.${screen}.title`)}>
      <p>{t(`admin.${screen}.noProvider`)}</p>
    </Screen>
  )
}

/** Such a screen: `Screen` with the site's provider, or NoProvider when it has none. */
export function forProvider(screen: string, Screen: ComponentType<{ providerId: number }>) {
  return function ForProvider() {
    const { providerId } = useAdmin().business
    return providerId === null ? <NoProvider screen={screen} /> : <Screen providerId={providerId} />
  }
}
