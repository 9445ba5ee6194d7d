import 'i18next'

// Missing keys fall back to English (never null), so t() always gives a string.
declare module 'i18next' {
  interface CustomTypeOptions {
    returnNull: false
  }
}
