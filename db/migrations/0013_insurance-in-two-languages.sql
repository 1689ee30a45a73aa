-- Insurance packages in both languages (ARCHITECTURE rule 5). What packages said so far was English: it becomes the
-- English text, and the Lithuanian text starts as the seeded packages' translations (matched by their unchanged
-- English text) or, for a package an admin wrote, as a copy of the English until an admin translates it. The old
-- columns stay for the release still serving during the deploy and go in a later release.
ALTER TABLE `booking_insurance` ADD `package_name_lt` text;--> statement-breakpoint
ALTER TABLE `booking_insurance` ADD `package_name_en` text;--> statement-breakpoint
ALTER TABLE `insurance_packages` ADD `name_lt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `insurance_packages` ADD `name_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `insurance_packages` ADD `description_lt` text;--> statement-breakpoint
ALTER TABLE `insurance_packages` ADD `description_en` text;--> statement-breakpoint
ALTER TABLE `insurance_packages` ADD `coverage_details_lt` text DEFAULT '{"coverage":[],"features":[],"exclusions":[]}' NOT NULL;--> statement-breakpoint
ALTER TABLE `insurance_packages` ADD `coverage_details_en` text DEFAULT '{"coverage":[],"features":[],"exclusions":[]}' NOT NULL;--> statement-breakpoint
UPDATE `insurance_packages` SET `name_en` = `name`, `name_lt` = `name`, `description_en` = `description`, `description_lt` = `description`, `coverage_details_en` = `coverage_details`, `coverage_details_lt` = `coverage_details`;
--> statement-breakpoint
UPDATE `insurance_packages` SET `name_lt` = 'Bazinė apsauga' WHERE `name` = 'Basic Protection';
--> statement-breakpoint
UPDATE `insurance_packages` SET `description_lt` = 'Apima susidūrimo žalą ir vagystę, taikoma vidutinė išskaita. Protingas minimumas važinėjant mieste.' WHERE `name` = 'Basic Protection' AND `description` = 'Covers collision damage and theft with a moderate deductible. A sensible minimum for city driving.';
--> statement-breakpoint
UPDATE `insurance_packages` SET `coverage_details_lt` = '{"coverage":["Nuomojamo automobilio susidūrimo žala","Vagystė ir pasikėsinimas pavogti","Gaisras ir gamtos reiškiniai"],"features":["Žalų registravimo linija visą parą +370 700 55 400","Pagalba nelaimės atveju lietuvių ir anglų kalbomis"],"exclusions":["Stiklai, padangos ir ratai","Žala vairuojant apsvaigus","Asmeniniai daiktai"]}' WHERE `name` = 'Basic Protection' AND `coverage_details` = '{"coverage":["Collision damage to the rented car","Theft and attempted theft","Fire and natural hazards"],"features":["24/7 claims hotline +370 700 55 400","Emergency contact in Lithuanian and English"],"exclusions":["Glass, tyres and wheels","Damage while driving under the influence","Personal belongings"]}';
--> statement-breakpoint
UPDATE `insurance_packages` SET `name_lt` = 'Standartinė apsauga' WHERE `name` = 'Standard Coverage';
--> statement-breakpoint
UPDATE `insurance_packages` SET `description_lt` = 'Dažniausiai renkamas planas: maža išskaita, stiklai ir padangos įskaičiuoti, pagalba kelyje visose Baltijos šalyse.' WHERE `name` = 'Standard Coverage' AND `description` = 'Our most chosen plan: a low deductible, glass and tyres included, and roadside assistance across the Baltics.';
--> statement-breakpoint
UPDATE `insurance_packages` SET `coverage_details_lt` = '{"coverage":["Nuomojamo automobilio susidūrimo žala","Vagystė ir vandalizmas","Stiklai, padangos ir ratai","Gaisras ir gamtos reiškiniai"],"features":["Pagalba kelyje Lietuvoje, Latvijoje ir Estijoje","Žalų registravimo linija visą parą +370 700 55 500","Pakaitinis automobilis po 24 valandų"],"exclusions":["Žala vairuojant apsvaigus","Važiavimas trasose ir lenktynės","Asmeniniai daiktai"]}' WHERE `name` = 'Standard Coverage' AND `coverage_details` = '{"coverage":["Collision damage to the rented car","Theft and vandalism","Glass, tyres and wheels","Fire and natural hazards"],"features":["Roadside assistance in Lithuania, Latvia and Estonia","24/7 claims hotline +370 700 55 500","Replacement car after 24 hours"],"exclusions":["Damage while driving under the influence","Track days and racing","Personal belongings"]}';
--> statement-breakpoint
UPDATE `insurance_packages` SET `name_lt` = 'Premium Plius' WHERE `name` = 'Premium Plus';
--> statement-breakpoint
UPDATE `insurance_packages` SET `description_lt` = 'Visiška apsauga be išskaitos; kaina – automobilio vertės dalis už visą nuomą. Rekomenduojama sportiniams, egzotiniams ir klasikiniams automobiliams.' WHERE `name` = 'Premium Plus' AND `description` = 'Full cover with no deductible, priced as a share of the car''s value for the whole rental. Recommended for sports, exotic and classic cars.';
--> statement-breakpoint
UPDATE `insurance_packages` SET `coverage_details_lt` = '{"coverage":["Visa nuomojamo automobilio žala be išskaitos","Vagystė ir vandalizmas","Stiklai, padangos, ratai ir dugnas","Vairuotojo ir keleivių draudimas nuo nelaimingų atsitikimų"],"features":["Pagalba kelyje visoje ES","Tos pačios klasės pakaitinis automobilis","Žalų registravimo linija visą parą +370 700 55 600","Asmeninis žalų vadybininkas"],"exclusions":["Vairavimas apsvaigus","Lenktynės ir laiko varžybos"]}' WHERE `name` = 'Premium Plus' AND `coverage_details` = '{"coverage":["All damage to the rented car with no deductible","Theft and vandalism","Glass, tyres, wheels and underbody","Personal accident cover for driver and passengers"],"features":["Roadside assistance across the EU","Replacement car of the same class","24/7 claims hotline +370 700 55 600","Dedicated claims manager"],"exclusions":["Driving under the influence","Racing and timed events"]}';
--> statement-breakpoint
UPDATE `insurance_packages` SET `name_lt` = 'Be papildomo draudimo' WHERE `name` = 'No additional insurance';
--> statement-breakpoint
UPDATE `insurance_packages` SET `description_lt` = 'Tik privalomasis civilinės atsakomybės draudimas, įskaičiuotas į kiekvieną nuomą. Atsisakę papildomos apsaugos už automobilio žalą atsakote iki visos jo vertės.' WHERE `name` = 'No additional insurance' AND `description` = 'Only the compulsory civil liability insurance included in every rental. By declining extra cover you are responsible for damage to the car up to its full value.';
--> statement-breakpoint
UPDATE `insurance_packages` SET `coverage_details_lt` = '{"coverage":["Privalomasis transporto priemonių valdytojų civilinės atsakomybės draudimas (įskaičiuotas į visas nuomas)"],"features":["Jokių papildomų išlaidų"],"exclusions":["Nuomojamo automobilio žala","Automobilio vagystė","Stiklai, padangos ir ratai","Evakuacija ir pakaitinis automobilis"]}' WHERE `name` = 'No additional insurance' AND `coverage_details` = '{"coverage":["Compulsory third-party civil liability insurance (included in all rentals)"],"features":["No extra cost"],"exclusions":["Damage to the rented car","Theft of the car","Glass, tyres and wheels","Towing and replacement car"]}';
--> statement-breakpoint
-- A package that costs nothing is the booking page's own 'No additional insurance' a second time: retired.
UPDATE `insurance_packages` SET `active` = 0 WHERE `price_per_day` = 0 OR `price_percentage` = 0;
--> statement-breakpoint
UPDATE `booking_insurance` SET `package_name_en` = `package_name`, `package_name_lt` = CASE `package_name` WHEN 'Basic Protection' THEN 'Bazinė apsauga' WHEN 'Standard Coverage' THEN 'Standartinė apsauga' WHEN 'Premium Plus' THEN 'Premium Plius' WHEN 'No additional insurance' THEN 'Be papildomo draudimo' ELSE `package_name` END;
