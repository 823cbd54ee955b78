/** Horizontal overflow on a phone: words and labels that stick out, get cut off or push the page sideways. */
import { expect, type Page } from '@playwright/test';

export type Overflow = { problem: string; element: string; text: string; px: number };

/**
 * Runs in the page. Finds what a reader would see as broken at this width:
 * - the page itself scrolls sideways;
 * - text cut off by a box that hides its overflow (a tag that shows 'Сегодн' of 'Сегодня');
 * - text or a drawn box (a badge, a button) sticking out of the cell, button or card it sits in,
 *   or out of the screen.
 * Hidden things (display: none, visibility, opacity 0, the visually-hidden clip) and whatever lies
 * wholly outside the screen or its clipping box (a carousel's other slides) are not looked at.
 */
function findOverflowsInPage(): Overflow[] {
  const TOLERANCE = 1;
  const found: Overflow[] = [];
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;
  if (root.scrollWidth > viewportWidth) {
    found.push({
      problem: 'the page scrolls sideways',
      element: 'html',
      text: '',
      px: root.scrollWidth - viewportWidth,
    });
  }

  type Span = { left: number; right: number };
  const describeOne = (element: Element) => {
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    const data = element.getAttributeNames().filter((name) => name.startsWith('data-') && name !== 'data-discover');
    return `${element.localName}${element.id ? `#${element.id}` : ''}${classes}${data.map((name) => `[${name}]`).join('')}`;
  };
  const describeElement = (element: Element) => {
    const parent = element.parentElement;
    return parent && parent !== document.body
      ? `${describeOne(parent)} > ${describeOne(element)}`
      : describeOne(element);
  };
  const isTransparent = (color: string) => color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color);
  const isDrawn = (element: Element, style: CSSStyleDeclaration) =>
    ['img', 'video', 'canvas', 'input', 'select', 'textarea'].includes(element.localName) ||
    !isTransparent(style.backgroundColor) ||
    style.backgroundImage !== 'none' ||
    (['Top', 'Right', 'Bottom', 'Left'] as const).some(
      (side) => Number.parseFloat(style[`border${side}Width`]) > 0 && !isTransparent(style[`border${side}Color`]),
    );
  // The box a piece of content belongs in: a table cell, a button or link, or anything drawn as a box.
  const isContainerBox = (element: Element, style: CSSStyleDeclaration) =>
    ['td', 'th', 'button', 'a', 'dialog'].includes(element.localName) ||
    (style.display !== 'inline' && isDrawn(element, style));
  const ownTextSpan = (element: Element): Span | null => {
    let span: Span | null = null;
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width === 0) continue;
        span = span
          ? { left: Math.min(span.left, rect.left), right: Math.max(span.right, rect.right) }
          : { left: rect.left, right: rect.right };
      }
    }
    return span;
  };
  const ownText = (element: Element) =>
    [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? '')
      .join('')
      .trim();

  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest('svg, script, style, template, noscript')) continue;
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const style = getComputedStyle(element);
    const textSpan = ownTextSpan(element);
    const drawn = style.display !== 'inline' && isDrawn(element, style);
    if (!textSpan && !drawn) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    let extent: Span = { left: box.left, right: box.right };
    if (textSpan)
      extent = drawn
        ? { left: Math.min(box.left, textSpan.left), right: Math.max(box.right, textSpan.right) }
        : textSpan;

    // The boxes around it: the ones that clip it (itself included for its text) and the one it sits in.
    let visible: Span = { left: 0, right: viewportWidth };
    let clipper: Element | null = null;
    let clipperSpan: Span | null = null;
    let container: Element | null = null;
    let visuallyHidden = false;
    for (
      let ancestor: Element | null = element;
      ancestor && ancestor !== document.body;
      ancestor = ancestor.parentElement
    ) {
      const ancestorStyle = ancestor === element ? style : getComputedStyle(ancestor);
      if (ancestorStyle.clip !== 'auto' || ancestorStyle.clipPath !== 'none') {
        visuallyHidden = true;
        break;
      }
      if (ancestor !== element && !container && isContainerBox(ancestor, ancestorStyle)) container = ancestor;
      // Overflow applies to boxes, not to inline elements.
      const clips = ancestorStyle.overflowX !== 'visible' && ancestorStyle.display !== 'inline';
      if (clips && (ancestor !== element || textSpan)) {
        const rect = ancestor.getBoundingClientRect();
        const inner = {
          left: rect.left + ancestor.clientLeft,
          right: rect.left + ancestor.clientLeft + ancestor.clientWidth,
        };
        if (!clipper) {
          clipper = ancestor;
          clipperSpan = inner;
        }
        visible = { left: Math.max(visible.left, inner.left), right: Math.min(visible.right, inner.right) };
      }
      if (ancestorStyle.position === 'fixed') break;
    }
    if (visuallyHidden) continue;
    // Wholly outside what can be seen (another slide, a skip link waiting off screen): not shown.
    if (extent.right <= visible.left || extent.left >= visible.right) continue;

    const text = (ownText(element) || (element.textContent ?? '').trim()).replace(/\s+/g, ' ').slice(0, 60);
    const report = (problem: string, px: number) =>
      found.push({ problem, element: describeElement(element), text, px: Math.round(px) });
    const beyond = (inner: Span, outer: Span) => Math.max(outer.left - inner.left, inner.right - outer.right);

    if (textSpan && clipper && clipperSpan && beyond(textSpan, clipperSpan) > TOLERANCE) {
      const ellipsis = getComputedStyle(clipper).textOverflow === 'ellipsis';
      if (!ellipsis) report(`text cut off by ${describeOne(clipper)}`, beyond(textSpan, clipperSpan));
    }
    const shown = { left: Math.max(extent.left, visible.left), right: Math.min(extent.right, visible.right) };
    if (beyond(shown, { left: 0, right: viewportWidth }) > TOLERANCE)
      report('beyond the screen', beyond(shown, { left: 0, right: viewportWidth }));
    // Placed on purpose (a corner badge on an icon): only the screen's edge counts for it.
    if (container && style.position !== 'absolute' && style.position !== 'fixed') {
      const rect = container.getBoundingClientRect();
      const out = beyond(shown, { left: rect.left, right: rect.right });
      if (out > TOLERANCE) report(`sticks out of ${describeOne(container)}`, out);
    }
  }
  // The page is wider than the screen: name the innermost boxes that make it so (a title's long word).
  if (root.scrollWidth > viewportWidth) {
    const wide = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > viewportWidth + TOLERANCE,
    );
    for (const element of wide
      .filter((outer) => !wide.some((inner) => inner !== outer && outer.contains(inner)))
      .slice(0, 5)) {
      found.push({
        problem: 'wider than the screen',
        element: describeElement(element),
        text: (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
        px: Math.round(element.getBoundingClientRect().right - viewportWidth),
      });
    }
  }

  // An amount of money split over two lines ('20' / '€.'): formatted money must not break.
  const money = /[$€£]\s?\d[\d.,]*|\d[\d.,\s]*\s[$€£]/g;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.textContent?.matchAll(money) ?? []) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(
        [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
      );
      if (lines.size > 1 && node.parentElement) {
        found.push({
          problem: 'money broken over two lines',
          element: describeElement(node.parentElement),
          text: match[0],
          px: 0,
        });
      }
    }
  }

  const seen = new Set<string>();
  return found.filter((overflow) => {
    const key = `${overflow.problem}|${overflow.element}|${overflow.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What overflows horizontally on the page as it is now (see findOverflowsInPage). */
export async function findOverflows(page: Page): Promise<Overflow[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(findOverflowsInPage);
}

/**
 * Fails with every offending element, its text and by how many pixels it overflows; softly, so one
 * run reports every screen, language and width.
 */
export async function expectNoOverflow(page: Page, where: string) {
  const overflows = await findOverflows(page);
  expect
    .soft(
      overflows.map(
        (overflow) => `${where}: ${overflow.problem} by ${overflow.px}px: ${overflow.element} "${overflow.text}"`,
      ),
    )
    .toEqual([]);
}
