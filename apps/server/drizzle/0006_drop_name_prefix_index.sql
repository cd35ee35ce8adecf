-- The suggestions are answered from memory (ADR 22): nothing reads car_names by prefix any more.
DROP INDEX "car_names_prefix_idx";