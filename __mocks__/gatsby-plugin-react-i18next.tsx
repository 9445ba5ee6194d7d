import i18next from 'i18next'
import { createContext } from 'react'
import { initReactI18next, useTranslation } from 'react-i18next'
import enAdmin from '../locales/en/admin.json'
import en from '../locales/en/translation.json'

// Components render with the real English messages, exactly as the built site loads them.
void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en, admin: enAdmin } },
  fallbackNS: 'admin',
  keySeparator: false,
  returnNull: false,
  // As gatsby-config sets it: pt-br stays pt-br (src/components/test-language loads the others).
  lowerCaseLng: true,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
})

export { useTranslation }

export const I18nextContext = createContext({ language: 'en', languages: ['en'] })
