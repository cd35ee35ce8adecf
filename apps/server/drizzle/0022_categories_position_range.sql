/*
 * At most CATEGORIES_MAX (50) categories: their unique positions run from 1 to 50, so the list of
 * categories and a search's counts by category have a bound the API can state (issue 44, item 12).
 */
ALTER TABLE "categories" ADD CONSTRAINT "categories_position_range" CHECK ("categories"."position" between 1 and 50);