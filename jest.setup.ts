import '@testing-library/jest-dom'

// A browser's own style sheet makes <wbr> inline; jsdom's gives it no display, so accessible
// names would read a space where an e-mail address may wrap (src/admin/shell/email-text.tsx).
// Server-rendering tests run without a document.
if (typeof document !== 'undefined') {
  document.head.insertAdjacentHTML('beforeend', '<style>wbr { display: inline; }</style>')
}

// A screen's first render may wait for its lazily loaded chunk (and, in a fresh checkout, for
// Jest to compile it and the table library): on a busy two-core machine that took over the
// default second. A deadline, not a wait: a check that passes returns as soon as it does.
if (typeof document !== 'undefined') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only where there is a DOM
  require('@testing-library/react').configure({ asyncUtilTimeout: 4000 })
}
