// The baseline page of bench/lighthouse: React renders a heading and a paragraph, nothing else.
/* global document */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  createElement(
    'main',
    null,
    createElement('h1', null, 'Baseline'),
    createElement('p', null, 'A bare Vite + React page, served precompressed.'),
  ),
);
