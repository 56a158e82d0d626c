/**
 * Finds mutable module-level state in a TypeScript file: a top-level `let` or `var`, or a top-level
 * `const` whose value a function of the file changes (a mutating method call such as
 * `.set(`/`.add(`/`.push(`, an assignment to one of its properties or elements, `delete` of one,
 * `++`). A table filled by top-level code while the module loads and never changed after is a
 * constant, not state. A value handed to a function that changes it is not seen. A pure function of the source text, so its own test can
 * hand it small snippets.
 */
import ts from 'typescript';

export interface StateFinding {
  name: string;
  line: number;
  why: string;
}

const MUTATORS = new Set([
  'set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin',
]);

export function moduleState(source: string, fileName = 'file.ts'): StateFinding[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const out: StateFinding[] = [];
  const consts = new Map<string, ts.Node>();
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const flags = st.declarationList.flags;
    const isConst = (flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      for (const name of boundNames(d.name)) {
        if (!isConst) out.push({ name, line: lineOf(d), why: `top-level ${flags & ts.NodeFlags.Let ? 'let' : 'var'}` });
        else consts.set(name, d);
      }
    }
  }
  if (!consts.size) return out;
  const mutated = new Map<string, { line: number; how: string }>();
  const note = (name: string, node: ts.Node, how: string) => { if (consts.has(name) && !mutated.has(name)) mutated.set(name, { line: lineOf(node), how }); };
  const rootName = (e: ts.Expression): string | null => {
    let x: ts.Expression = e;
    while (ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x) || ts.isParenthesizedExpression(x) || ts.isNonNullExpression(x)) x = x.expression;
    return ts.isIdentifier(x) ? x.text : null;
  };
  const visit = (n: ts.Node, shadowed: ReadonlySet<string>, inFunction: boolean): void => {
    let inner = shadowed;
    // Filling a table while the module loads builds it once; only a change made when a function runs is state.
    const nested = inFunction || ts.isFunctionLike(n) || ts.isClassLike(n);
    if (!nested) { ts.forEachChild(n, (c) => visit(c, inner, false)); return; }
    // A function or block that declares a name of its own hides the module's constant of that name.
    const locals = declaredIn(n);
    if (locals.size) inner = new Set([...shadowed, ...locals]);
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && MUTATORS.has(n.expression.name.text)) {
      const name = rootName(n.expression.expression);
      if (name && !inner.has(name)) note(name, n, `.${n.expression.name.text}()`);
    } else if (ts.isBinaryExpression(n) && isAssignment(n.operatorToken.kind)
      && (ts.isPropertyAccessExpression(n.left) || ts.isElementAccessExpression(n.left))) {
      const name = rootName(n.left);
      if (name && !inner.has(name)) note(name, n, 'assigned to');
    } else if (ts.isDeleteExpression(n)) {
      const name = rootName(n.expression);
      if (name && !inner.has(name)) note(name, n, 'delete');
    } else if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n))
      && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)
      && (ts.isPropertyAccessExpression(n.operand) || ts.isElementAccessExpression(n.operand))) {
      const name = rootName(n.operand);
      if (name && !inner.has(name)) note(name, n, 'incremented');
    }
    ts.forEachChild(n, (c) => visit(c, inner, true));
  };
  for (const st of sf.statements) visit(st, new Set(), false);
  for (const [name, m] of mutated) out.push({ name, line: m.line, why: `top-level const changed at line ${m.line} (${m.how})` });
  return out.sort((a, b) => a.line - b.line || a.name.localeCompare(b.name));
}

function isAssignment(k: ts.SyntaxKind): boolean {
  return k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;
}

function boundNames(b: ts.BindingName): string[] {
  if (ts.isIdentifier(b)) return [b.text];
  return b.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : boundNames(e.name)));
}

/** Names a function (its parameters) or a block declares for itself, not counting the module's own top level. */
function declaredIn(n: ts.Node): Set<string> {
  const names = new Set<string>();
  if (ts.isFunctionLike(n)) for (const p of n.parameters) for (const x of boundNames(p.name)) names.add(x);
  if ((ts.isBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n)) && !ts.isSourceFile(n.parent)) {
    for (const st of n.statements) {
      if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) for (const x of boundNames(d.name)) names.add(x);
      else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) names.add(st.name.text);
    }
  }
  if ((ts.isForStatement(n) || ts.isForOfStatement(n) || ts.isForInStatement(n)) && n.initializer && ts.isVariableDeclarationList(n.initializer)) {
    for (const d of n.initializer.declarations) for (const x of boundNames(d.name)) names.add(x);
  }
  if (ts.isCatchClause(n) && n.variableDeclaration) for (const x of boundNames(n.variableDeclaration.name)) names.add(x);
  return names;
}
