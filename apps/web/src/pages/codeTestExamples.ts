// The examples of the Code Execution Test page.

/** A small website, as an agent's result would hold it. */
export const WEBSITE_EXAMPLE = `Here is a landing page for the bakery.

\`\`\`html
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sunrise Bakery</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; }
    header { background: #f59e0b; color: #fff; padding: 2rem; text-align: center; }
    main { padding: 1.5rem 2rem; }
    .menu { display: flex; gap: 1rem; flex-wrap: wrap; }
    .item { flex: 1 1 140px; border: 1px solid #e5e7eb; border-radius: 8px; padding: 1rem; }
    button { background: #f59e0b; color: #fff; border: 0; border-radius: 6px; padding: 0.5rem 1rem; }
  </style>
</head>
<body>
  <header><h1>Sunrise Bakery</h1><p>Fresh bread every morning</p></header>
  <main>
    <div class="menu">
      <div class="item"><h3>Sourdough</h3><p>Slow-risen, crusty.</p></div>
      <div class="item"><h3>Croissant</h3><p>Buttery layers.</p></div>
      <div class="item"><h3>Cinnamon roll</h3><p>Sweet and warm.</p></div>
    </div>
    <p><button id="order">Order now</button> <span id="status"></span></p>
  </main>
  <script>
    document.getElementById('order').addEventListener('click', () => {
      document.getElementById('status').textContent = 'Thanks for your order!';
    });
  </script>
</body>
</html>
\`\`\``;

/** HTML with a script of its own. */
export const HTML_EXAMPLE = `<!DOCTYPE html>
<html>
<body>
  <h1>Hello from HTML</h1>
  <p>Clicked <strong id="count">0</strong> times.</p>
  <button id="add">Click me</button>
  <script>
    let count = 0;
    document.getElementById('add').addEventListener('click', () => {
      count += 1;
      document.getElementById('count').textContent = String(count);
      console.log('Clicked', count);
    });
  </script>
</body>
</html>`;

/** JavaScript writing to each console level, then failing asynchronously. */
export const JAVASCRIPT_EXAMPLE = `const numbers = [1, 2, 3, 4, 5];
const squares = numbers.map((n) => n * n);
console.log('Squares:', squares);
console.info('Sum of squares:', squares.reduce((sum, n) => sum + n, 0));
console.warn('This is a warning');
console.error('This is an error message');
setTimeout(() => console.log('Done after 100 ms'), 100);
Promise.reject(new Error('Nobody caught this promise'));`;

/** CSS for the demo page. */
export const CSS_EXAMPLE = `body {
  background: #f8fafc;
}
h1 {
  color: #7c3aed;
}
button {
  background: #7c3aed;
  color: white;
  border: none;
  border-radius: 6px;
  padding: 8px 14px;
}
input, textarea {
  border: 2px solid #c4b5fd;
  border-radius: 6px;
  padding: 6px;
}
.column {
  background: #ede9fe;
  border-radius: 8px;
  padding: 12px;
}`;

/** An HTML fragment: shown wrapped in a base-styled page. */
export const FRAGMENT_EXAMPLE = `<h2>Just a fragment</h2>
<p>No document around it: the preview wraps it in a basic page.</p>
<ul><li>One</li><li>Two</li></ul>`;

/** A TSX component with state: transpiled in the browser, rendered with React's API. */
export const TSX_EXAMPLE = `import { useState } from 'react';

type CounterProps = { start: number };

function Counter({ start }: CounterProps) {
  const [count, setCount] = useState<number>(start);
  return (
    <div style={{ fontFamily: 'system-ui' }}>
      <h2>Count: {count}</h2>
      <button onClick={() => setCount(count + 1)}>Add one</button>
    </div>
  );
}

export default function App() {
  console.log('Rendering the counter');
  return <Counter start={1} />;
}`;

/** The runnable examples of /code-test, each in its own section. */
export const CODE_EXAMPLES = [
  {
    title: 'HTML Example',
    description: 'HTML renders in visual mode; its scripts run in the sandbox.',
    language: 'html',
    code: HTML_EXAMPLE,
  },
  {
    title: 'JavaScript Example',
    description:
      'Console output (log, info, warn, error), errors with their line and column, and unhandled promise rejections.',
    language: 'javascript',
    code: JAVASCRIPT_EXAMPLE,
  },
  {
    title: 'CSS Example',
    description:
      'CSS is applied to a demo page of headings, text, buttons, inputs and three columns.',
    language: 'css',
    code: CSS_EXAMPLE,
  },
  {
    title: 'TSX Example',
    description:
      'TypeScript and JSX are transpiled in the browser; a component renders in visual mode.',
    language: 'tsx',
    code: TSX_EXAMPLE,
  },
] as const;
