import type { FormDefinition } from './definition'

/** A survey of three pages with one of each field type, used by the forms tests. */
export const SURVEY: FormDefinition = {
  title: { en: 'How did we do?', de: 'Wie war es?' },
  pages: [
    {
      id: 'visit',
      fields: [
        { id: 'rating', type: 'rating', label: { en: 'Your visit' }, required: true },
        {
          id: 'why',
          type: 'longText',
          label: { en: 'What went wrong?' },
          required: true,
        },
        {
          id: 'topics',
          type: 'multipleChoice',
          label: { en: 'What did we treat?' },
          minSelections: 1,
          maxSelections: 2,
          options: [
            { id: 'back', label: { en: 'Back' } },
            { id: 'knee', label: { en: 'Knee' } },
            { id: 'neck', label: { en: '=Neck' } },
          ],
        },
      ],
    },
    {
      id: 'more',
      fields: [
        { id: 'score', type: 'score', label: { en: 'Recommend us?' } },
        { id: 'email', type: 'email', label: { en: 'E-mail' } },
        { id: 'phone', type: 'phone', label: { en: 'Phone' } },
        { id: 'age', type: 'number', label: { en: 'Age' }, min: 0, max: 120 },
        { id: 'when', type: 'date', label: { en: 'Date' } },
        {
          id: 'again',
          type: 'singleChoice',
          label: { en: 'Come again?' },
          options: [
            { id: 'yes', label: { en: 'Yes' } },
            { id: 'no', label: { en: 'No' } },
          ],
        },
        { id: 'name', type: 'shortText', label: { en: 'Name' } },
      ],
    },
    {
      id: 'consent',
      fields: [{ id: 'ok', type: 'consent', label: { en: 'You may contact me' }, required: true }],
    },
  ],
  rules: [
    // A low rating asks why; a top rating skips the second page.
    { when: { field: 'rating', equals: 1 }, then: { action: 'show', field: 'why' } },
    { when: { field: 'rating', equals: 2 }, then: { action: 'show', field: 'why' } },
    { when: { field: 'rating', equals: 5 }, then: { action: 'jump', page: 'consent' } },
  ],
}
