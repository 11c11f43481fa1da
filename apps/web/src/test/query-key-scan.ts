import ts from 'typescript';

/*
 * Reads, with the TypeScript compiler, every cache key the web app's code names: the keys its
 * queries are stored under and the keys its invalidations, cache writes and reads aim at. Each
 * key expression is evaluated symbolically through the key factories (`workoutKeys.detail(id)`
 * → ['workouts', 'detail', *]): literals stay literal, anything known only at run time
 * (an id, a filter object) becomes a wildcard.
 */

/** A key element known only at run time. */
export const ANY: unique symbol = Symbol('any');
export type KeyPart = string | number | boolean | null | typeof ANY;

export type KeyReading =
  | { kind: 'pattern'; parts: KeyPart[] }
  /** The key arrives as a parameter (e.g. lib/realtime's refetchOnReconnect loop): its callers name it. */
  | { kind: 'passthrough' }
  | { kind: 'unknown' };

export interface KeyUse {
  file: string;
  line: number;
  /** The call as written, e.g. `invalidateQueries({ queryKey: workoutKeys.lists() })`. */
  code: string;
  key: KeyReading;
  /** 'prefix' for invalidations (they match every key they start); 'exact' for set/get. */
  match: 'prefix' | 'exact';
}

export interface KeyScan {
  queries: KeyUse[];
  uses: KeyUse[];
}

const queryDefiners = new Set([
  'queryOptions',
  'infiniteQueryOptions',
  'useQuery',
  'useInfiniteQuery',
  'useSuspenseQuery',
  'useSuspenseInfiniteQuery',
  'fetchQuery',
  'prefetchQuery',
  'ensureQueryData',
  'fetchInfiniteQuery',
  'prefetchInfiniteQuery',
  'ensureInfiniteQueryData',
]);

/** Cache calls whose filter's `queryKey` matches every query key it starts. */
const filterCalls = new Set([
  'invalidateQueries',
  'refetchQueries',
  'removeQueries',
  'cancelQueries',
  'resetQueries',
  'setQueriesData',
  'getQueriesData',
  'isFetching',
]);

/** Cache calls whose first argument is one exact query key. */
const exactKeyCalls = new Set(['setQueryData', 'getQueryData', 'getQueryState']);

/** Options whose array lists keys to invalidate later (lib/realtime's useChannel). */
const keyListProperties = new Set(['refetchOnReconnect']);

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    ts.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | null {
  for (const p of object.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === name) return p.name;
  }
  return null;
}

const MAX_DEPTH = 40;

class KeyEvaluator {
  constructor(private readonly checker: ts.TypeChecker) {}

  private declarationOf(node: ts.Node): ts.Declaration | undefined {
    // `{ queryKey }`: the variable, not the property it fills.
    let symbol = ts.isShorthandPropertyAssignment(node.parent)
      ? this.checker.getShorthandAssignmentValueSymbol(node.parent)
      : this.checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias)
      symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  /** What a function returns, when it is one expression (an arrow) or one `return`. */
  private returned(fn: ts.Node): ts.Expression | null {
    if (!ts.isFunctionLike(fn)) return null;
    const body = (fn as ts.FunctionLikeDeclarationBase).body;
    if (!body) return null;
    if (!ts.isBlock(body)) return body;
    const returns = body.statements.filter(ts.isReturnStatement);
    return returns.length === 1 ? (returns[0]?.expression ?? null) : null;
  }

  /** The function a call runs, when the code says which. */
  private calledFunction(call: ts.CallExpression): ts.Node | null {
    const callee = unwrap(call.expression);
    const target = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    const declaration = this.declarationOf(target);
    if (!declaration) return null;
    if (ts.isFunctionLike(declaration)) return declaration;
    const initializer =
      ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)
        ? declaration.initializer
        : undefined;
    return initializer && ts.isFunctionLike(unwrap(initializer)) ? unwrap(initializer) : null;
  }

  /** The options object a `queryOptions(...)`-like expression builds, if it can be read. */
  private optionsObject(node: ts.Expression, depth: number): ts.ObjectLiteralExpression | null {
    if (depth > MAX_DEPTH) return null;
    const expr = unwrap(node);
    if (ts.isObjectLiteralExpression(expr)) return expr;
    if (ts.isCallExpression(expr)) {
      const name = calleeName(expr);
      const first = expr.arguments[0];
      if (name && queryDefiners.has(name) && first) return this.optionsObject(first, depth + 1);
      const fn = this.calledFunction(expr);
      const result = fn && this.returned(fn);
      return result ? this.optionsObject(result, depth + 1) : null;
    }
    if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
      const declaration = this.declarationOf(ts.isIdentifier(expr) ? expr : expr.name);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) {
        return this.optionsObject(declaration.initializer, depth + 1);
      }
    }
    return null;
  }

  key(node: ts.Expression, depth = 0): KeyReading {
    if (depth > MAX_DEPTH) return { kind: 'unknown' };
    const expr = unwrap(node);

    if (ts.isArrayLiteralExpression(expr)) {
      const parts: KeyPart[] = [];
      for (const element of expr.elements) {
        if (ts.isSpreadElement(element)) {
          const inner = this.key(element.expression, depth + 1);
          if (inner.kind !== 'pattern') return { kind: 'unknown' };
          parts.push(...inner.parts);
        } else {
          parts.push(this.part(element, depth + 1));
        }
      }
      return { kind: 'pattern', parts };
    }

    if (ts.isCallExpression(expr)) {
      const fn = this.calledFunction(expr);
      const result = fn && this.returned(fn);
      return result ? this.key(result, depth + 1) : { kind: 'unknown' };
    }

    if (ts.isPropertyAccessExpression(expr)) {
      // `someQueryOptions(...).queryKey`: the key that query is stored under.
      if (expr.name.text === 'queryKey') {
        const options = this.optionsObject(expr.expression, depth + 1);
        const key = options && property(options, 'queryKey');
        if (key) return this.key(key, depth + 1);
      }
      return this.fromDeclaration(this.declarationOf(expr.name), depth);
    }

    if (ts.isIdentifier(expr)) return this.fromDeclaration(this.declarationOf(expr), depth);
    return { kind: 'unknown' };
  }

  private fromDeclaration(declaration: ts.Declaration | undefined, depth: number): KeyReading {
    if (!declaration) return { kind: 'unknown' };
    if (ts.isParameter(declaration)) return { kind: 'passthrough' };
    if (ts.isVariableDeclaration(declaration)) {
      if (declaration.initializer) return this.key(declaration.initializer, depth + 1);
      // A loop variable (`for (const key of keys)`): the keys were named where the list was.
      return ts.isForOfStatement(declaration.parent.parent)
        ? { kind: 'passthrough' }
        : { kind: 'unknown' };
    }
    if (ts.isPropertyAssignment(declaration)) return this.key(declaration.initializer, depth + 1);
    return { kind: 'unknown' };
  }

  /** One element of a key: a literal as written, or ANY when it is known only at run time. */
  part(node: ts.Expression, depth: number): KeyPart {
    const expr = unwrap(node);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
    if (ts.isNumericLiteral(expr)) return Number(expr.text);
    if (expr.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (expr.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (expr.kind === ts.SyntaxKind.NullKeyword) return null;
    if (ts.isIdentifier(expr) && depth < MAX_DEPTH) {
      const declaration = this.declarationOf(expr);
      if (
        declaration &&
        ts.isVariableDeclaration(declaration) &&
        declaration.initializer &&
        ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const
      ) {
        return this.part(declaration.initializer, depth + 1);
      }
    }
    return ANY;
  }
}

function keyUse(
  file: ts.SourceFile,
  node: ts.Node,
  key: KeyReading,
  match: KeyUse['match'],
): KeyUse {
  return {
    file: file.fileName,
    line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
    code: node.getText(file).replace(/\s+/g, ' ').slice(0, 160),
    key,
    match,
  };
}

/** Scans the given files (a program is built over them and what they import). */
export function scanQueryKeys(fileNames: string[], options: ts.CompilerOptions = {}): KeyScan {
  const program = ts.createProgram(fileNames, { noEmit: true, ...options });
  const evaluator = new KeyEvaluator(program.getTypeChecker());
  const scan: KeyScan = { queries: [], uses: [] };
  const wanted = new Set(fileNames.map((f) => ts.sys.resolvePath(f)));

  for (const file of program.getSourceFiles()) {
    if (!wanted.has(ts.sys.resolvePath(file.fileName))) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        const first = node.arguments[0] && unwrap(node.arguments[0]);
        if (name && first && ts.isObjectLiteralExpression(first)) {
          const key = property(first, 'queryKey');
          if (key && queryDefiners.has(name)) {
            scan.queries.push(keyUse(file, node, evaluator.key(key), 'exact'));
          } else if (key && filterCalls.has(name)) {
            scan.uses.push(keyUse(file, node, evaluator.key(key), 'prefix'));
          }
        }
        if (
          name &&
          first &&
          exactKeyCalls.has(name) &&
          ts.isPropertyAccessExpression(node.expression)
        ) {
          scan.uses.push(keyUse(file, node, evaluator.key(first), 'exact'));
        }
      }
      if (
        ts.isPropertyAssignment(node) &&
        keyListProperties.has(node.name.getText(file)) &&
        ts.isArrayLiteralExpression(unwrap(node.initializer))
      ) {
        for (const element of (unwrap(node.initializer) as ts.ArrayLiteralExpression).elements) {
          scan.uses.push(keyUse(file, element, evaluator.key(element), 'prefix'));
        }
      }
      if (
        ts.isVariableDeclaration(node) &&
        node.initializer &&
        keyListProperties.has(node.name.getText(file))
      ) {
        const list = unwrap(node.initializer);
        if (ts.isArrayLiteralExpression(list)) {
          for (const element of list.elements) {
            scan.uses.push(keyUse(file, element, evaluator.key(element), 'prefix'));
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return scan;
}

function partsMatch(a: KeyPart, b: KeyPart): boolean {
  return a === ANY || b === ANY || a === b;
}

/** True when some query's key is this key (exact) or starts with it (prefix). */
export function matchesAQuery(key: KeyPart[], match: KeyUse['match'], queries: KeyUse[]): boolean {
  return queries.some(({ key: query }) => {
    if (query.kind !== 'pattern') return false;
    if (match === 'exact' ? query.parts.length !== key.length : query.parts.length < key.length) {
      return false;
    }
    return key.every((part, i) => partsMatch(part, query.parts[i] as KeyPart));
  });
}

/**
 * The cache calls that aim at no query: a key no query is stored under, or one the scan cannot
 * read (name keys through a factory). Pass-through keys are checked where they are named.
 */
export function strayKeyUses(scan: KeyScan): KeyUse[] {
  return scan.uses.filter(({ key, match }) => {
    if (key.kind === 'passthrough') return false;
    // A key starts with its resource's name; one that does not (`[key]` in a loop over names)
    // cannot be checked, so it is not trusted.
    if (key.kind === 'unknown' || key.parts[0] === ANY || key.parts.length === 0) return true;
    return !matchesAQuery(key.parts, match, scan.queries);
  });
}

/** `['workouts', 'detail', *]`, for messages. */
export function formatKey(reading: KeyReading): string {
  if (reading.kind !== 'pattern') return `(${reading.kind})`;
  const parts = reading.parts.map((p) => (p === ANY ? '*' : JSON.stringify(p)));
  return `[${parts.join(', ')}]`;
}
