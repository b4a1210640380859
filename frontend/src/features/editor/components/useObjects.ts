import { useCallback } from "react";
import { getIn, setIn, type Manifest } from "../model/manifest";

export interface ObjectsProps {
  objects: Manifest[];
  onChange(objects: Manifest[]): void;
  errors: Record<number, Record<string, string>>;
  readOnly: boolean;
}

/** Read/write helpers bound to one document index. */
export function useDoc({ objects, onChange, errors }: ObjectsProps, doc: number) {
  const obj = objects[doc];
  const get = (path: string): string => {
    const v = getIn(obj, path);
    return v === undefined || v === null ? "" : String(v);
  };
  const set = useCallback(
    (path: string, value: unknown) => onChange(objects.map((o, i) => (i === doc ? setIn(o, path, value) : o))),
    [objects, onChange, doc],
  );
  const err = (path: string): string | undefined => errors[doc]?.[path];
  return { obj, get, set, err, raw: (path: string) => getIn(obj, path) };
}

/** Numbers typed in forms stay numbers in YAML when they are plain integers. */
export function numOrText(v: string): string | number {
  return /^-?\d+$/.test(v.trim()) ? Number(v) : v;
}
