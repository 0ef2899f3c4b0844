// jsdom has no FontFaceSet, which Mantine's autosizing Textarea listens to. Imported for its
// effect by the integrations tests (src/test/setup.ts belongs to the whole app).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
