import '@testing-library/jest-dom'

// A browser's own style sheet makes <wbr> inline; jsdom's gives it no display, so accessible
// names would read a space where an e-mail address may wrap (src/admin/shell/email-text.tsx).
// Server-rendering tests run without a document.
if (typeof document !== 'undefined') {
  document.head.insertAdjacentHTML('beforeend', '<style>wbr { display: inline; }</style>')
}
