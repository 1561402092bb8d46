import { ElementTypes, NodeTypes, parse, type ElementNode, type TemplateChildNode } from '@vue/compiler-dom';
import { insertLocations } from './insert.ts';
import { LOCATION_ATTRIBUTE } from './location.ts';

/**
 * A Vue single-file component's template, marked (issue 17 item 2): every plain element of its
 * `<template>` gets `data-kiln-loc="file:line:column"`, found by Vue's own template parser (so
 * `{{ a < b }}`, directives and components read as Vue reads them). Components, `<slot>` and
 * `<template>` wrappers are left alone; a template in another language (Pug) or one that does
 * not parse stays as written, and the build reports it. Null when nothing changes.
 */
export function addVueLocations(code: string, file: string): string | null {
  if (!code.includes('<template')) return null;
  let root;
  try {
    root = parse(code, {
      parseMode: 'sfc',
      onError: (error) => {
        throw error;
      },
    });
  } catch {
    return null;
  }
  const template = root.children.find(
    (node): node is ElementNode => node.type === NodeTypes.ELEMENT && node.tag === 'template',
  );
  if (
    !template ||
    template.props.some(
      (prop) => prop.name === 'lang' && prop.type === NodeTypes.ATTRIBUTE && prop.value?.content !== 'html',
    )
  ) {
    return null;
  }
  const starts: number[] = [];
  const visit = (nodes: readonly TemplateChildNode[]) => {
    for (const node of nodes) {
      if (node.type === NodeTypes.IF) {
        for (const branch of node.branches) visit(branch.children);
      } else if (node.type === NodeTypes.FOR) {
        visit(node.children);
      } else if (node.type === NodeTypes.ELEMENT) {
        const marked = node.props.some((prop) => prop.name === LOCATION_ATTRIBUTE);
        if (node.tagType === ElementTypes.ELEMENT && !marked) starts.push(node.loc.start.offset);
        visit(node.children);
      }
    }
  };
  visit(template.children);
  return insertLocations(code, file, starts);
}
