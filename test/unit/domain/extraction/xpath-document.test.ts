/**
 * XPath over HTML (xpath-document.ts): the spec-compliant tree, and the `//` → `descendant::` rewrite that makes
 * the engine ~4× faster, made only where both select the same nodes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  descendantSteps,
  evaluateXPath,
  parseXPath,
  xpathDocument,
} from '../../../../server/domain/extraction/xpath-document.js';

const DOC = xpathDocument(`<!doctype html><title>T</title><div class="a"><p>1 <a href="/x">x</a></p>
<ul><li>one</li><li>two</li></ul></div><div><ul><li>three</li><li>four</li></ul></div>
<table><tr><td>cell</td></tr></table>`);

const texts = (expr: string) => {
  const r = evaluateXPath(parseXPath(expr), DOC);
  return r.type === 'nodes' ? r.nodes.map((n) => n.textContent) : r.value;
};

describe('xpath document', () => {
  it('rewrites // steps only when no predicate can be positional', () => {
    assert.equal(descendantSteps('//div[@class="a"]//a'), '/descendant::div[@class="a"]/descendant::a');
    assert.equal(descendantSteps('.//a[@data-sku]'), './descendant::a[@data-sku]');
    assert.equal(descendantSteps('//a[contains(@href, "/p/2")]'), '/descendant::a[contains(@href, "/p/2")]');
    for (const kept of [
      '//li[1]',
      '//li[last()]',
      '//li[position() > 1]',
      'count(//a)',
      '//@href',
      '//child::a',
      '//a[@x - @y]',
    ])
      assert.equal(descendantSteps(kept), kept);
  });

  it('selects what a browser’s tree holds, rewritten or not', () => {
    assert.deepEqual(texts('//li[1]'), ['one', 'three'], 'the first li of each list');
    assert.deepEqual(texts('//ul//li'), ['one', 'two', 'three', 'four']);
    assert.deepEqual(texts('//tbody/tr/td'), ['cell'], 'the implied tbody is there');
    assert.deepEqual(texts('//div[@class="a"]//a'), ['x']);
    assert.equal(texts('string(//title)'), 'T');
  });

  it('walks every axis in document order over parse5’s own tree', () => {
    const doc = xpathDocument(`<!doctype html><title>T</title><p id="intro" class="x">a <b>b</b></p>
<ul class="y"><li>one</li><li>two</li><li>three</li></ul>
<template><p class="t">inside</p></template><svg><circle r="2"/></svg>`);
    const run = (expr: string) => {
      const r = evaluateXPath(parseXPath(expr), doc);
      return r.type === 'nodes' ? r.nodes.map((n) => n.textContent) : r.value;
    };
    assert.deepEqual(
      run('//li | //title'),
      ['T', 'one', 'two', 'three'],
      'a union comes back in document order',
    );
    assert.deepEqual(run('(//li)[last()]'), ['three']);
    assert.deepEqual(run('//li[1]/following-sibling::li'), ['two', 'three']);
    assert.deepEqual(run('//li[3]/preceding::b'), ['b']);
    assert.deepEqual(run('//@class'), ['x', 'y', 't'], 'attributes, in order, template contents included');
    assert.deepEqual(run('//p[@id="intro"]/@class'), ['x']);
    assert.deepEqual(run('id("intro")/b'), ['b']);
    assert.deepEqual(run('//template//p'), ['inside']);
    assert.equal(run('count(//svg/circle)'), 1, 'foreign content keeps its elements');
    assert.deepEqual(run('//b/ancestor::*[1]/@id'), ['intro']);
    assert.equal(run('string(//ul)'), 'onetwothree');
    const fr = xpathDocument(
      '<html lang="en"><p>one</p><p lang="fr">deux</p><p xmlns:og="x">three</p></html>',
    );
    const frRun = (expr: string) => {
      const r = evaluateXPath(parseXPath(expr), fr);
      return r.type === 'nodes' ? r.nodes.map((n) => n.textContent) : r.value;
    };
    assert.deepEqual(frRun("//p[lang('fr')]"), ['deux'], 'lang() reads HTML’s lang attribute');
    assert.equal(frRun("count(//p[lang('en')])"), 2);
    assert.equal(frRun('count(//p[3]/@*)'), 1, 'a namespace-looking attribute is an attribute');
    const b = evaluateXPath(parseXPath('//b'), doc);
    assert.ok(b.type === 'nodes');
    assert.equal(doc.outerHtml(b.nodes[0]!), '<b>b</b>');
  });
});
