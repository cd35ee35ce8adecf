import type { Db } from './client.ts';

/**
 * One instance of `T` per database handle, made on first use: in-process caches and prepared
 * statements belong to the app that owns the database, so apps built side by side (tests) never
 * share one.
 */
export function perDatabase<T extends object>(create: (db: Db) => T): (db: Db) => T {
  const instances = new WeakMap<Db, T>();
  return (db) => {
    let instance = instances.get(db);
    if (!instance) {
      instance = create(db);
      instances.set(db, instance);
    }
    return instance;
  };
}
