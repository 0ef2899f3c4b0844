// Every Mantine component's styles, in Mantine's cascade layer. The first page load takes only what
// the layout and the landing page draw (main.tsx); the pages and panels that load later bring this
// file along, so whatever component they use is styled. Layered, the second copy of the styles the
// first load had changes nothing, and the app's own styles keep winning over Mantine's.
import '@mantine/core/styles.layer.css';
