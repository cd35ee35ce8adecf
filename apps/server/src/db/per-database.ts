import type { Db } from './client.ts';

/**
 * One instance of `T` per database handle, made on first use: in-process caches belong to the app
 * that owns the database, so apps built side by side (tests) never share one.
 */
export function perDatabase<T extends object>(create: () => T): (db: Db) => T {
  const instances = new WeakMap<Db, T>();
  return (db) => {
    let instance = instances.get(db);
    if (!instance) {
      instance = create();
      instances.set(db, instance);
    }
    return instance;
  };
}
